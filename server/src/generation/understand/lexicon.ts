/**
 * Every word list of request understanding, in one place: the nouns that name records, what such
 * records usually hold, the words of fields and their types, the words for the software itself,
 * the words a project's name is made of or leaves out, and the words that are never any of these.
 * The files beside this one hold the logic that reads a request with them.
 */

import type { ProjectKind } from '@contracts/builds'
import type { CliTask, FieldType, LibraryTask } from './types'

/** A record's main text field: what a person calls one of them. */
export type Primary = 'name' | 'title' | 'description' | 'text'

/** What a known kind of record holds when the request says no more: its main field, then a few usual ones. */
export interface KnownNoun {
  /** None: a record known by the records it links (a loan: its book and its member). */
  primary?: Primary
  /**
   * Usual fields. A 'reference' is named after the noun of the record it holds: a reference to
   * that collection when the request keeps it, else that record's name as text (a loan's book).
   */
  fields?: readonly (readonly [name: string, type: FieldType])[]
  /** Records it usually belongs to, by their nouns: each group one reference, to the first collection the request keeps, none otherwise. */
  links?: readonly (readonly string[])[]
}

const title: KnownNoun = { primary: 'title' }
const name: KnownNoun = { primary: 'name' }
const withEmail: KnownNoun = { primary: 'name', fields: [['email', 'email']] }
const withDone: KnownNoun = { primary: 'title', fields: [['done', 'boolean']] }
const withDate: KnownNoun = { primary: 'title', fields: [['date', 'date']] }
const money: KnownNoun = { primary: 'description', fields: [['amount', 'number'], ['date', 'date']] }
const text: KnownNoun = { primary: 'text' }

/**
 * Nouns (singular) that name records, so a request's 'recipe app' or 'todo list' keeps recipes
 * or todos even without saying 'recipes'. Other plural nouns are recognised without this list.
 */
export const KNOWN_NOUNS: Readonly<Record<string, KnownNoun>> = {
  todo: withDone,
  task: { ...withDone, links: [['project', 'list', 'board']] },
  chore: withDone,
  item: withDone,
  errand: withDone,
  note: { primary: 'title', fields: [['body', 'string']] },
  book: { primary: 'title', fields: [['author', 'reference']], links: [['publisher', 'shelf', 'genre', 'category']] },
  post: { primary: 'title', fields: [['body', 'string']], links: [['author', 'user', 'blog'], ['category']] },
  article: { primary: 'title', fields: [['body', 'string']] },
  story: title,
  movie: title,
  film: title,
  show: title,
  episode: { primary: 'title', links: [['show', 'podcast', 'series', 'season']] },
  podcast: title,
  song: { primary: 'title', links: [['album', 'artist', 'playlist']] },
  track: { primary: 'title', links: [['album', 'artist', 'playlist']] },
  album: { primary: 'title', links: [['artist', 'band']] },
  video: title,
  photo: title,
  picture: title,
  image: title,
  recipe: title,
  issue: { primary: 'title', links: [['project', 'repository']] },
  ticket: title,
  bug: { primary: 'title', links: [['project']] },
  course: title,
  lesson: { primary: 'title', links: [['course', 'class']] },
  chapter: { primary: 'title', links: [['book', 'course']] },
  goal: withDone,
  idea: title,
  reminder: { primary: 'title', fields: [['dueDate', 'date'], ['done', 'boolean']] },
  bookmark: { primary: 'title', fields: [['url', 'string']] },
  link: { primary: 'title', fields: [['url', 'string']] },
  job: title,
  listing: title,
  project: name,
  milestone: { primary: 'title', fields: [['dueDate', 'date']], links: [['project']] },
  assignment: { primary: 'title', fields: [['dueDate', 'date']], links: [['course', 'class', 'student']] },
  event: withDate,
  meeting: withDate,
  appointment: { ...withDate, links: [['patient', 'pet', 'customer', 'client'], ['doctor', 'dentist', 'therapist', 'stylist']] },
  booking: { ...withDate, links: [['room', 'table', 'property', 'class', 'event', 'service'], ['guest', 'customer', 'client', 'member', 'user']] },
  reservation: { ...withDate, links: [['room', 'table', 'property', 'class', 'event', 'service'], ['guest', 'customer', 'client', 'member', 'user']] },
  workout: withDate,
  entry: withDate,
  expense: { ...money, links: [['category']] },
  transaction: { ...money, links: [['account', 'wallet'], ['category']] },
  payment: { ...money, links: [['invoice', 'order', 'bill', 'customer', 'member']] },
  income: money,
  purchase: money,
  donation: money,
  bill: { primary: 'description', fields: [['amount', 'number'], ['dueDate', 'date'], ['paid', 'boolean']] },
  invoice: { primary: 'description', fields: [['amount', 'number'], ['dueDate', 'date'], ['paid', 'boolean']], links: [['customer', 'client', 'company']] },
  order: { primary: 'description', fields: [['total', 'number']], links: [['customer', 'client', 'user', 'member']] },
  product: { primary: 'name', fields: [['price', 'number']], links: [['category'], ['supplier', 'vendor', 'brand']] },
  contact: withEmail,
  customer: withEmail,
  client: withEmail,
  user: withEmail,
  member: withEmail,
  subscriber: withEmail,
  employee: { ...withEmail, links: [['department', 'team', 'company']] },
  student: withEmail,
  teacher: withEmail,
  patient: name,
  author: name,
  category: name,
  tag: name,
  supplier: name,
  vendor: name,
  company: name,
  team: name,
  player: { primary: 'name', links: [['team', 'club']] },
  pet: { primary: 'name', fields: [['species', 'string']], links: [['owner', 'customer', 'client']] },
  owner: withEmail,
  habit: name,
  ingredient: name,
  plant: name,
  room: name,
  location: name,
  city: name,
  place: name,
  restaurant: name,
  dish: name,
  skill: name,
  friend: name,
  person: name,
  guest: withEmail,
  vehicle: name,
  car: name,
  device: name,
  answer: { primary: 'text', links: [['question']] },
  comment: { primary: 'text', links: [['post', 'article', 'issue', 'ticket', 'task', 'photo', 'video', 'recipe', 'story']] },
  message: { primary: 'text', links: [['conversation', 'channel', 'chat', 'thread', 'room']] },
  review: { primary: 'text', fields: [['rating', 'number']], links: [['product', 'book', 'movie', 'film', 'restaurant', 'recipe', 'course', 'hotel', 'place', 'game', 'album']] },
  quote: text,
  flashcard: { primary: 'text', fields: [['answer', 'string']] },
  card: title,
  word: { primary: 'text', fields: [['definition', 'string']] },
  loan: { fields: [['book', 'reference'], ['member', 'reference'], ['dueDate', 'date'], ['returnedAt', 'date']] },
  borrowing: { fields: [['book', 'reference'], ['member', 'reference'], ['dueDate', 'date'], ['returnedAt', 'date']] },
  rental: { fields: [['startDate', 'date'], ['endDate', 'date']], links: [['vehicle', 'car', 'bike', 'property', 'equipment', 'item'], ['customer', 'client', 'member', 'user']] },
  enrollment: { fields: [['date', 'date']], links: [['student', 'member', 'user'], ['course', 'class']] },
  enrolment: { fields: [['date', 'date']], links: [['student', 'member', 'user'], ['course', 'class']] },
  visit: { fields: [['date', 'date'], ['notes', 'string']], links: [['pet', 'patient', 'customer', 'client']] },
  attendee: { ...withEmail, links: [['event', 'meeting', 'class']] },
  trip: { fields: [['date', 'date'], ['distance', 'number']], links: [['driver'], ['rider', 'passenger', 'customer']] },
  department: name,
  publisher: name,
  artist: name,
  genre: name,
  shelf: name,
  driver: withEmail,
  rider: withEmail,
  doctor: withEmail,
  trainer: withEmail,
  venue: { primary: 'name', fields: [['address', 'string']] },
  question: { primary: 'text', links: [['quiz', 'survey', 'poll']] },
}

/**
 * Words for a whole kind of app that imply its records when the request names none:
 * 'a blog' keeps posts, 'a bookstore' books.
 */
export const DOMAINS: Readonly<Record<string, string>> = {
  todo: 'todos',
  todos: 'todos',
  blog: 'posts',
  bookstore: 'books',
  bakery: 'products',
  bookshop: 'books',
  shop: 'products',
  store: 'products',
  webshop: 'products',
  ecommerce: 'products',
  marketplace: 'products',
  catalog: 'products',
  catalogue: 'products',
  inventory: 'items',
  crm: 'contacts',
  notebook: 'notes',
  notes: 'notes',
  journal: 'entries',
  diary: 'entries',
  calendar: 'events',
  scheduler: 'events',
  budget: 'expenses',
  budgeting: 'expenses',
  spending: 'expenses',
  finance: 'expenses',
  finances: 'expenses',
  chat: 'messages',
  messenger: 'messages',
  guestbook: 'messages',
  forum: 'topics',
  wiki: 'pages',
  portfolio: 'projects',
  gallery: 'photos',
  phonebook: 'contacts',
  addressbook: 'contacts',
  watchlist: 'movies',
  playlist: 'songs',
  shopping: 'items',
  groceries: 'items',
  grocery: 'items',
  kanban: 'cards',
  helpdesk: 'tickets',
  timesheet: 'entries',
  gym: 'workouts',
  fitness: 'workouts',
  workout: 'workouts',
  clinic: 'patients',
  hotel: 'bookings',
  survey: 'questions',
  poll: 'questions',
  quiz: 'questions',
  trivia: 'questions',
  habit: 'habits',
  recipe: 'recipes',
  cookbook: 'recipes',
  bookmarking: 'bookmarks',
  shortener: 'links',
  reading: 'books',
  restaurant: 'dishes',
  menu: 'dishes',
  newsletter: 'subscribers',
  school: 'students',
  classroom: 'students',
  vocabulary: 'words',
  dictionary: 'words',
  glossary: 'words',
  weather: 'cities',
  sell: 'products',
  selling: 'products',
  event: 'events',
  events: 'events',
  expense: 'expenses',
  contact: 'contacts',
  task: 'tasks',
}

/** Nouns that name the same records: one collection, not two (the first word names the group). */
export const SYNONYMS: ReadonlyMap<string, string> = new Map(
  [['todo', 'task', 'item', 'chore', 'errand'], ['booking', 'reservation'], ['note', 'memo'], ['post', 'article', 'entry'], ['customer', 'client'], ['movie', 'film'], ['photo', 'picture', 'image'], ['event', 'meeting', 'appointment'], ['link', 'bookmark'], ['card', 'flashcard']].flatMap((group) =>
    group.map((word): [string, string] => [word, group[0] as string]),
  ),
)

/** Plurals that are never records of the project: about the software, units, amounts, or too vague. */
export const NOT_RECORDS = new Set(
  `apps applications apis tools utilities endpoints routes screens views tests specs features functions helpers utils
  methods fields columns properties attributes values types kinds sorts ways things stuff lots others options settings
  details requests responses errors operations examples docs components modules packages libraries dependencies
  resources collections entities models schemas changes updates characters lines bytes kilobytes megabytes
  seconds minutes hours days weeks months years times ones pros cons rules means needs wants works uses
  developers engineers programmers devs admins folks guys basics frameworks platforms browsers clis commands scripts
  programs servers backends frontends tabs buttons forms inputs outputs formats numbers letters digits strings arrays
  objects parameters params args arguments flags crud rest jsons csvs directories paths thanks regards others yours
  rails pandas sass`.split(/\s+/).filter(Boolean),
)

/** Verbs in the third person that look like plurals ('tracks', 'lists'): never records. */
export const VERBS = new Set(
  `manages keeps converts counts shows lets allows helps displays handles supports saves sends returns exposes
  provides includes contains creates reads writes parses validates formats generates calculates finds replaces
  searches has does makes takes gives gets puts runs adds removes deletes edits fetches loads renders sorts filters
  merges splits checks monitors organizes organises assigns reminds imports exports syncs sells buys lets enables
  displays tracks stores lists records logs books plans orders posts notes schedules links groups tags reviews rates
  uploads downloads shares stores accepts rejects answers asks summarizes summarises translates becomes goes`.split(/\s+/).filter(Boolean),
)

/** Of those verbs, the ones that are as often nouns of records ('books and authors', 'orders'). */
export const NOUN_OR_VERB = new Set(['tracks', 'lists', 'stores', 'records', 'logs', 'books', 'plans', 'orders', 'posts', 'notes', 'schedules', 'links', 'groups', 'tags', 'reviews', 'answers', 'uploads', 'downloads'])

/** Words after which a noun-or-verb is a verb: 'an app that books rooms', 'the API lists books'. */
export const SUBJECTS = new Set(['that', 'which', 'who', 'it', 'also', 'app', 'api', 'tool', 'service', 'server', 'cli', 'script', 'program', 'system', 'backend', 'site', 'website', 'page', 'library', 'user', 'one', 'and'])

/** Words after which a word in -s is a verb when more follows it: 'a tool that renames files'. */
export const RELATIVES = new Set(['that', 'which', 'who', 'it'])

/** Plurals that are often the software's users, and the words after them that say so ('users can'). */
export const ACTORS = new Set(['people', 'users', 'visitors', 'readers', 'viewers', 'folks', 'everyone', 'customers', 'members', 'players', 'students', 'teachers', 'employees', 'friends'])
export const ACTOR_VERBS = new Set(
  `can could should may might will would must to who want need create make build add share post submit vote see view
  manage track book log sign register upload write read comment rate follow chat send buy sell browse search find save
  get keep like leave join pick choose enter get order pay`.split(/\s+/),
)

/** Words before 'of' after which a plural is an amount, not a collection: 'the number of pages'. */
export const QUANTITIES = new Set(['number', 'count', 'amount', 'total', 'quantity', 'lots', 'couple', 'bunch', 'kind', 'type', 'sort', 'list', 'set'])

/** Plurals that measure a record rather than name others: 'recipes have servings and calories'. */
export const MEASURES = new Set(['servings', 'calories', 'minutes', 'hours', 'seconds', 'pages', 'reps', 'laps', 'sets', 'stars', 'points', 'votes', 'views', 'likes', 'copies', 'prices', 'amounts', 'quantities', 'ratings', 'scores', 'totals'])

/** Words after a noun that make it a collection whatever its number: 'a tags collection', 'a user model'. */
export const COLLECTION_WORDS = new Set(['collection', 'collections', 'resource', 'resources', 'table', 'tables', 'entity', 'entities', 'model', 'models', 'endpoint', 'endpoints', 'crud'])

/** Words between a noun and the kind of software that do not change what it is ('todo web app'). */
export const MODIFIERS = new Set(['web', 'rest', 'restful', 'json', 'http', 'crud', 'mobile', 'simple', 'small', 'basic', 'little', 'tiny', 'full', 'stack', 'single', 'online', 'personal', 'shared', 'minimal'])

/** Words that are never the name of records: the little words of a sentence, and those about the software. */
export const NOT_NOUNS = new Set(['of', 'about', 'at', 'with', 'and', 'or', 'the', 'api', 'rest', 'json', 'http', 'their', 'some', 'following', 'these', 'those', 'such', 'other', 'more', 'main', 'two', 'three', 'four', 'five', 'several', 'separate', 'own'])

/** Words that end a list of things: the clause goes on about something else. */
export const BOUNDARIES = new Set(
  `that which who whom whose where when while so but for to in on by from using via then also if each every per
  should must can could will would may might is are be being been was were it its so than as like into onto
  within without so just only please i we you they he she let lets make build create`.split(/\s+/).filter(Boolean),
)

/** Words a list joins its items with. */
export const JOINERS = new Set(['and', 'or', 'plus', '&', ',', '/'])
/** Punctuation that ends a list. */
export const STOPS = new Set(['.', ';', '!', '?', ')', ':'])

/** Words at the start of a list item that are not part of its name. */
export const DETERMINERS = new Set(`a an the some any all their its his her my our your each every optional required mandatory own new several many few multiple different various basic simple`.split(/\s+/).filter(Boolean))

/** Words that introduce what a record holds, right after the record's noun. */
export const INTRODUCERS = new Set(['with', 'having', 'containing', 'including', 'have', 'has', 'hold', 'holds', 'need', 'needs', 'contain', 'contains', 'include', 'includes'])
/** Words between a record's noun and the word that introduces what it holds: 'items should have', 'users that have'. */
export const BEFORE_INTRODUCERS = new Set(['should', 'must', 'will', 'can', 'that', 'which', 'who', 'each', 'all', 'also'])

/** Words between two collections that make the first refer to the second: 'loans of books by members', 'comments on posts'. */
export const LINK_WORDS = new Set(['of', 'by', 'for', 'on', 'in', 'from', 'per'])
/** Words before 'to' that make a record belong to another: 'orders belong to customers', 'tasks assigned to projects'. */
export const BELONG_WORDS = new Set(['belong', 'belongs', 'belonging', 'linked', 'assigned', 'attached', 'tied', 'related'])
/** Words that say what a record has when it is named one at a time: 'a loan has a due date' (not 'with': 'a blog with posts' is the software). */
export const HAS_WORDS = new Set(['has', 'have', 'needs', 'holds', 'contains', 'includes', 'stores', 'keeps', 'records', 'tracks'])

/** Records that sort others rather than own them: 'posts with tags' are not the tags' posts. */
export const CLASSIFIERS = new Set(['category', 'tag', 'label', 'genre', 'type', 'kind', 'status', 'priority', 'color', 'colour', 'keyword', 'topic'])

/** Words that say the list that follows is of fields: 'with the fields title and price'. */
export const FIELD_MARKERS = new Set(['field', 'fields', 'column', 'columns', 'property', 'properties', 'attribute', 'attributes', 'following', 'info', 'information', 'data', 'details'])

/** Field words (singular) that a plural in a list may also be: 'users with names and emails' lists fields. */
export const FIELD_WORDS = new Set(
  `name title description summary body content text email phone address city country url website price cost amount
  total quantity stock count date time deadline birthday age year rating score status priority color colour size
  weight height width length duration location note label nickname username password avatar bio notes dueDate
  number species breed`.split(/\s+/).filter(Boolean),
)

/** Main text fields a request may state instead of a name: 'expenses with a description and an amount'. */
export const PRIMARY_NAMES = new Set(['name', 'title', 'description', 'text', 'body', 'subject', 'label', 'question', 'word', 'term', 'content', 'summary', 'username', 'nickname'])

/** Words after a field's name that make it true or false: 'a done flag', 'a completed checkbox'. */
export const FLAG_WORDS = new Set(['flag', 'checkbox', 'toggle', 'boolean', 'bool'])

/** A field's type from the last word of its name, and the ones that cannot be negative. */
export const BOOLEAN_WORDS = new Set(
  `done completed complete finished active published paid archived available enabled visible read favorite favourite
  starred verified approved public private featured pinned hidden resolved checked important urgent flagged sold
  returned attended confirmed cancelled canceled vegan vegetarian instock`.split(/\s+/).filter(Boolean),
)
export const BOOLEAN_PREFIXES = new Set(['is', 'has', 'can', 'should', 'in'])
export const DATE_WORDS = new Set(['date', 'deadline', 'birthday', 'birthdate', 'dob', 'due', 'anniversary'])
export const NUMBER_WORDS = new Set(
  `price cost amount total quantity qty count stock age year rating score weight height width length depth pages
  calories salary balance budget number duration minutes hours seconds servings capacity distance speed temperature
  latitude longitude lat lng percent percentage level rank points votes views likes population seats guests copies
  stars reps mileage fee tax discount revenue income value sets laps rate`.split(/\s+/).filter(Boolean),
)
export const NON_NEGATIVE = new Set(
  `price cost quantity qty count stock age pages calories servings capacity distance copies guests seats reps weight
  height width length depth duration minutes hours seconds votes views likes fee points stars laps`.split(/\s+/).filter(Boolean),
)

/** Units a field may be given in: 'distance in km' is the distance. */
export const UNITS = new Set(`km kilometers kilometres miles mi m meters metres cm mm kg kilograms g grams lbs pounds oz ml l liters litres minutes mins hours hrs seconds secs days weeks months years usd eur euros dollars gbp percent celsius fahrenheit`.split(/\s+/))

/** Words before 'number' that make it an identifier, not a quantity: 'phone number', 'order number'. */
export const IDENTIFIER_NUMBERS = new Set(['phone', 'zip', 'postal', 'isbn', 'account', 'card', 'serial', 'tracking', 'order', 'invoice', 'reference', 'registration', 'id', 'house', 'street', 'room', 'table', 'version', 'model', 'part', 'sku', 'license', 'licence', 'passport', 'social', 'tax', 'vat', 'mobile', 'cell', 'contact'])

/** Names a record may not have for a field: the engine's own, and an object's built-in members. */
export const RESERVED_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toJSON', '__proto__'])

/** How a request's word for the kind of software it wants is read. */
export interface SoftwareWord {
  /** The noun a project's name ends with when the request calls it this: 'application' → 'app'. */
  name?: string
  /** The kind of project whose name may end with that noun; an HTTP API's name ends with 'API' whatever the request calls it. */
  kind?: ProjectKind
  /** Said of the software beside its records: a known noun before it is the records' ('a recipe app'), what the records hold may follow it ('a todo web app with due dates'), and it never names records itself. */
  besideRecords?: true
  /** After the name of a language, the name is that language: 'a Go CLI', 'a Rust crate'. */
  afterLanguage?: true
}

/** Words of one use each, as a record of words. */
export const allOf = (words: string, use: SoftwareWord): Record<string, SoftwareWord> => Object.fromEntries(words.split(/\s+/).filter(Boolean).map((word) => [word, use]))

/** The kinds of software, every word a request may use for what it wants built, and how each is read. */
export const SOFTWARE: Readonly<Record<string, SoftwareWord>> = {
  app: { name: 'app', kind: 'web-app', besideRecords: true, afterLanguage: true },
  application: { name: 'app', kind: 'web-app', besideRecords: true, afterLanguage: true },
  webapp: { name: 'web app', kind: 'web-app' },
  website: { name: 'website', kind: 'web-app', besideRecords: true, afterLanguage: true },
  site: { name: 'site', kind: 'web-app', besideRecords: true, afterLanguage: true },
  dashboard: { name: 'dashboard', kind: 'web-app', besideRecords: true },
  portal: { name: 'portal', kind: 'web-app', besideRecords: true },
  platform: { name: 'platform', kind: 'web-app', besideRecords: true },
  system: { name: 'system', kind: 'web-app', besideRecords: true },
  tracker: { name: 'tracker', kind: 'web-app', besideRecords: true },
  manager: { name: 'manager', kind: 'web-app', besideRecords: true },
  planner: { name: 'planner', kind: 'web-app', besideRecords: true },
  organizer: { name: 'organizer', kind: 'web-app', besideRecords: true },
  catalog: { name: 'catalog', kind: 'web-app', besideRecords: true },
  journal: { name: 'journal', kind: 'web-app', besideRecords: true },
  diary: { name: 'diary', kind: 'web-app', besideRecords: true },
  calendar: { name: 'calendar', kind: 'web-app', besideRecords: true },
  board: { name: 'board', kind: 'web-app', besideRecords: true },
  frontend: { name: 'frontend', besideRecords: true },
  api: { name: 'api', kind: 'http-api', besideRecords: true, afterLanguage: true },
  backend: { name: 'backend', kind: 'http-api', besideRecords: true, afterLanguage: true },
  service: { name: 'service', kind: 'http-api', besideRecords: true, afterLanguage: true },
  microservice: { name: 'service', kind: 'http-api', afterLanguage: true },
  server: { name: 'server', kind: 'http-api', besideRecords: true, afterLanguage: true },
  cli: { name: 'cli', kind: 'cli', afterLanguage: true },
  utility: { name: 'utility', kind: 'cli', afterLanguage: true },
  // 'a CLI tool' is a CLI: a name never ends with 'tool'.
  tool: { name: 'tool', besideRecords: true, afterLanguage: true },
  program: { name: 'program', afterLanguage: true },
  script: { name: 'script', afterLanguage: true },
  library: { name: 'library', kind: 'library', afterLanguage: true },
  package: { name: 'package', kind: 'library', afterLanguage: true },
  module: { name: 'module', kind: 'library', afterLanguage: true },
  sdk: { name: 'sdk', kind: 'library', afterLanguage: true },
  ...allOf(
    `apps apis list log logger catalogue database db organiser keeper scheduler crud management tracking sharing collection
    resource table entity model endpoint endpoints section screen page form ui spa interface directory registry roster logbook book`,
    { besideRecords: true },
  ),
  ...allOf('crate gem binary project bot game plugin extension code version implementation', { afterLanguage: true }),
}

/** The words said of the software beside its records ('a todo web app'): never a collection. */
export const SOFTWARE_WORDS: ReadonlySet<string> = new Set(Object.entries(SOFTWARE).flatMap(([word, use]) => (use.besideRecords ? [word] : [])))
/** The words after the name of a language that make it one: 'a Go CLI', 'a Rust crate'. */
export const PROGRAM_WORDS: readonly string[] = Object.entries(SOFTWARE).flatMap(([word, use]) => (use.afterLanguage ? [word] : []))

/** What each kind is called at the end of a name when the request does not say. */
export const KIND_SUFFIX: Record<ProjectKind, string> = { 'web-app': 'app', 'http-api': 'api', cli: 'cli', library: 'library' }

/** Words an API's name ends with already: 'Bookstore Backend', not 'Bookstore Backend API'. */
export const API_ENDINGS = new Set(['api', 'apis', 'backend', 'service', 'server'])

/** Words after 'library' that make it what the software is about, not what it is: 'a library management system'. */
export const LIBRARY_TOPICS = new Set(['management', 'app', 'system', 'catalog', 'members', 'books', 'website', 'site'])

/** What a command-line tool of a known task is called. */
export const CLI_NAMES: Record<Exclude<CliTask, 'generic'>, string> = {
  'csv-to-json': 'CSV to JSON Converter',
  'json-to-csv': 'JSON to CSV Converter',
  'word-count': 'Word Counter',
  'find-replace': 'Find and Replace',
  search: 'Text Search',
  'file-stats': 'File Stats',
}

/** Libraries of one task, by the name of that task; dates are named after what is done with them ('Date Parser'). */
export const LIBRARY_NAMES: Partial<Record<LibraryTask, string>> = {
  slugify: 'Slugify',
  'format-prices': 'Price Formatter',
  'validate-emails': 'Email Validator',
  'parse-durations': 'Duration Parser',
  'parse-csv': 'CSV Parser',
  'change-case': 'Case Converter',
  'format-bytes': 'Byte Formatter',
}

/** Verbs whose doer names a tool: 'to track expenses' → 'Expense Tracker'. */
export const AGENTS: Readonly<Record<string, string>> = {
  track: 'tracker',
  manage: 'manager',
  plan: 'planner',
  organize: 'organizer',
  organise: 'organiser',
  log: 'logger',
  schedule: 'scheduler',
  monitor: 'monitor',
  convert: 'converter',
  count: 'counter',
  generate: 'generator',
  format: 'formatter',
  parse: 'parser',
  validate: 'validator',
  calculate: 'calculator',
  split: 'splitter',
  merge: 'merger',
  rename: 'renamer',
  resize: 'resizer',
  compress: 'compressor',
  download: 'downloader',
  fetch: 'fetcher',
  scrape: 'scraper',
  translate: 'translator',
  summarize: 'summarizer',
  summarise: 'summariser',
  sort: 'sorter',
  clean: 'cleaner',
  shorten: 'shortener',
  check: 'checker',
  view: 'viewer',
  edit: 'editor',
  catalog: 'catalog',
  catalogue: 'catalogue',
  budget: 'budgeter',
  slugify: 'slugifier',
  record: 'recorder',
  remind: 'reminder',
  compare: 'comparer',
  analyze: 'analyzer',
  analyse: 'analyser',
  backup: 'backup',
  bookmark: 'bookmarker',
}

/** Nouns that are a name's last word already: 'Expense Tracker', not 'Expense Tracker App'. */
export const AGENT_NOUNS = new Set([...Object.values(AGENTS), 'tracker', 'manager', 'planner', 'organizer', 'catalog', 'journal', 'diary', 'calendar', 'board', 'dashboard', 'list', 'log', 'shop', 'store', 'blog', 'wiki', 'forum', 'inventory', 'crm', 'portfolio', 'gallery', 'helpers', 'utils', 'utilities'])

/** Words that say nothing about what the project is: never part of its name. */
export const FILLER = new Set(
  `a an the me us my our your their his her its i we you they please can could would will should build create make
  develop generate write code implement set up setup give want need new simple small basic little quick tiny minimal
  zip project that which for with and or of to in on using use it is be some something thing stuff
  now add also then again another more let lets web function functions method methods class classes called named
  two three four five multiple several many
  nice cool great awesome modern beautiful responsive clean fancy good full complete fully functional working
  production ready static single one multi personal custom proper real actual rest restful json http https crud
  node nodejs js javascript typescript ts express react vue vanilla plain html css frontend backend
  python django flask fastapi php laravel symfony ruby rails java spring boot kotlin scala swift swiftui go golang
  rust c cpp csharp dotnet net elixir erlang haskell ocaml clojure dart flutter perl lua julia matlab solidity zig
  cobol fortran bash zsh powershell shell ios iphone ipad android xamarin mobile native desktop windows macos linux
  wordpress unity objective sharp npm vuejs angular svelte nextjs electron`.split(/\s+/).filter(Boolean),
)

/** Words that describe the software rather than what it is about: 'a landing page website for my bakery', 'a command-line utility'. */
export const PAGE_WORDS = new Set(['landing', 'page', 'home', 'homepage', 'web', 'site', 'one', 'pager', 'command', 'line', 'terminal', 'console', 'shell'])

/** Who uses the software: 'an app that users love' says nothing it does. Apart from ACTORS: one list for both would change which plurals are records. */
export const USERS = new Set(['users', 'people', 'customers', 'visitors', 'members', 'students', 'teachers', 'kids', 'parents', 'friends', 'everyone', 'developers', 'teams'])

/** Words that start a clause: what follows them is not what the request begins by naming. */
export const CLAUSE = new Set(['that', 'which', 'who', 'where', 'when', 'for', 'with', 'and', 'or', 'of', 'to', 'in', 'on', 'using', 'use', 'it', 'is', 'be', 'so'])

/** Words that end a phrase: the sentence goes on about something else. */
export const PHRASE_END = new Set([...FILLER, 'where', 'when', 'so', 'but', 'by', 'from', 'via', 'then', 'also', 'if', 'each', 'every', 'per', 'as', 'like', 'into', 'without', 'including', 'having', 'has', 'have', 'can', 'lets', 'allows', 'them', 'this', 'these', 'those', 'all', 'any'])

/** Nouns for a group of things: 'manage a library of books' is about the books. */
export const COLLECTIONS_OF = ['library', 'collection', 'list', 'set', 'bunch', 'lot', 'lots', 'catalog', 'catalogue', 'database']

// Three lists of the words before a noun, not one: each is what its case was written for, and
// one list for all three names 'a website to sell two kinds of cookies' the Kinds Website.

/** Words between a verb and its object: 'to track my daily expenses', 'to merge two CSV files'. */
export const OBJECT_LEADS = new Set(['my', 'our', 'the', 'all', 'your', 'their', 'a', 'an', 'some', 'of', 'two', 'three', 'multiple', 'several', 'many'])
/** Words between 'for', 'of' or 'about' and what the software is for: 'a landing page for my bakery'. */
export const TOPIC_LEADS = new Set(['my', 'our', 'the', 'a', 'an', 'your', 'their', 'his', 'her'])
/** Words between what the software is to do and its object: 'a website to sell our handmade jewelry'. */
export const DOING_LEADS = new Set(['my', 'our', 'the', 'a', 'an', 'your', 'their', 'some', 'all'])

/** Words ending in -s that are not plurals, or plurals that never name a collection of records. */
export const NOT_PLURAL = new Set(
  `is was has does goes its this thus yes us his hers ours yours theirs always perhaps whereas unless across towards
  afterwards besides sometimes nowadays plus minus versus vs gas lens canvas atlas alias bias news christmas texas
  chaos bonus various previous famous serious nervous obvious numerous anonymous asynchronous synchronous
  continuous dangerous generous jealous delicious gorgeous ridiculous tremendous enormous fabulous curious
  less unless regardless wireless endless useless seamless stateless serverless headless
  physics mathematics maths economics politics ethics athletics aerobics basics analytics statistics logistics
  graphics electronics genetics linguistics robotics metrics diagnostics dynamics mechanics
  thanks means whereabouts outskirts premises congratulations headquarters
  kubernetes postgres redis jenkins xerxes aws sms ios macos os js nodejs`.split(/\s+/).filter(Boolean),
)

/** Plurals without an -s ('people', 'children'): another word without one is never taken for a plural. */
export const IRREGULAR_PLURALS = new Set(['people', 'children', 'men', 'women', 'mice', 'geese', 'feet', 'teeth', 'oxen', 'criteria'])

// Plurals the pluralize library forms otherwise than a build request means them, set right in words.ts.

/** Nouns whose plural is a plain -s: not 'cooky' for 'cookies', 'cach' for 'caches' or 'excus' for 'excuses', nor 'schemata'. */
export const PLURALS_IN_S = `schema cache niche headache avalanche excuse fuse muse refuse ruse recluse misuse masseuse
  cookie calorie rookie selfie smoothie brownie hoodie freebie prairie auntie newbie techie veggie birdie sortie lingerie`.split(/\s+/).filter(Boolean)
/** Nouns whose plural is in -es: 'viruses', not 'viri'; 'vetoes', not 'vetos'. */
export const PLURALS_IN_ES = ['virus', 'syllabus', 'veto']
/** Nouns whose plural is the noun itself. */
export const UNCOUNTABLE = ['feedback']

/** Words that keep their capitals in a name. */
export const ACRONYMS = new Set(['api', 'apis', 'cli', 'csv', 'json', 'http', 'https', 'url', 'urls', 'ui', 'ux', 'sdk', 'crm', 'hr', 'sql', 'pdf', 'html', 'css', 'xml', 'yaml', 'id', 'ids', 'ai', 'faq', 'rss', 'seo', 'cms', 'erp', 'kpi', 'rsvp', 'pto', 'qr', 'sms', 'ip', 'dns', 'tv', 'diy'])
/** Small words that stay lower case inside a title. */
export const MINOR = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'for', 'in', 'on', 'by', 'with'])

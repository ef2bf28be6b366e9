/**
 * What the engine knows of the words of build requests: the nouns that name records, what such
 * records usually hold, the words of fields and their types, and the words that are never either.
 */

import type { FieldType } from './types'

/** A record's main text field: what a person calls one of them. */
export type Primary = 'name' | 'title' | 'description' | 'text'

/** What a known kind of record holds when the request says no more: its main field, then a few usual ones. */
export interface KnownNoun {
  primary: Primary
  fields?: readonly (readonly [name: string, type: FieldType])[]
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
  task: withDone,
  chore: withDone,
  item: withDone,
  errand: withDone,
  note: { primary: 'title', fields: [['body', 'string']] },
  book: title,
  post: { primary: 'title', fields: [['body', 'string']] },
  article: { primary: 'title', fields: [['body', 'string']] },
  story: title,
  movie: title,
  film: title,
  show: title,
  episode: title,
  podcast: title,
  song: title,
  track: title,
  album: title,
  video: title,
  photo: title,
  picture: title,
  image: title,
  recipe: title,
  issue: title,
  ticket: title,
  bug: title,
  course: title,
  lesson: title,
  chapter: title,
  goal: withDone,
  idea: title,
  reminder: { primary: 'title', fields: [['dueDate', 'date'], ['done', 'boolean']] },
  bookmark: { primary: 'title', fields: [['url', 'string']] },
  link: { primary: 'title', fields: [['url', 'string']] },
  job: title,
  listing: title,
  project: name,
  milestone: { primary: 'title', fields: [['dueDate', 'date']] },
  assignment: { primary: 'title', fields: [['dueDate', 'date']] },
  event: withDate,
  meeting: withDate,
  appointment: withDate,
  booking: withDate,
  reservation: withDate,
  workout: withDate,
  entry: withDate,
  expense: money,
  transaction: money,
  payment: money,
  income: money,
  purchase: money,
  donation: money,
  bill: { primary: 'description', fields: [['amount', 'number'], ['dueDate', 'date'], ['paid', 'boolean']] },
  invoice: { primary: 'description', fields: [['amount', 'number'], ['dueDate', 'date'], ['paid', 'boolean']] },
  order: { primary: 'description', fields: [['total', 'number']] },
  product: { primary: 'name', fields: [['price', 'number']] },
  contact: withEmail,
  customer: withEmail,
  client: withEmail,
  user: withEmail,
  member: withEmail,
  subscriber: withEmail,
  employee: withEmail,
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
  player: name,
  pet: name,
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
  question: text,
  answer: text,
  comment: text,
  message: text,
  review: { primary: 'text', fields: [['rating', 'number']] },
  quote: text,
  flashcard: { primary: 'text', fields: [['answer', 'string']] },
  card: title,
  word: { primary: 'text', fields: [['definition', 'string']] },
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

/** Words that end a list of things: the clause goes on about something else. */
export const BOUNDARIES = new Set(
  `that which who whom whose where when while so but for to in on by from using via then also if each every per
  should must can could will would may might is are be being been was were it its so than as like into onto
  within without so just only please i we you they he she let lets make build create`.split(/\s+/).filter(Boolean),
)

/** Words at the start of a list item that are not part of its name. */
export const DETERMINERS = new Set(`a an the some any all their its his her my our your each every optional required mandatory own new several many few multiple different various basic simple`.split(/\s+/).filter(Boolean))

/** Words that say the list that follows is of fields: 'with the fields title and price'. */
export const FIELD_MARKERS = new Set(['field', 'fields', 'column', 'columns', 'property', 'properties', 'attribute', 'attributes', 'following', 'info', 'information', 'data', 'details'])

/** Field words (singular) that a plural in a list may also be: 'users with names and emails' lists fields. */
export const FIELD_WORDS = new Set(
  `name title description summary body content text email phone address city country url website price cost amount
  total quantity stock count date time deadline birthday age year rating score status priority color colour size
  weight height width length duration location note label nickname username password avatar bio notes dueDate
  number`.split(/\s+/).filter(Boolean),
)

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
/** Words before 'number' that make it an identifier, not a quantity: 'phone number', 'order number'. */
export const IDENTIFIER_NUMBERS = new Set(['phone', 'zip', 'postal', 'isbn', 'account', 'card', 'serial', 'tracking', 'order', 'invoice', 'reference', 'registration', 'id', 'house', 'street', 'room', 'table', 'version', 'model', 'part', 'sku', 'license', 'licence', 'passport', 'social', 'tax', 'vat', 'mobile', 'cell', 'contact'])

/** Names a record may not have for a field: the engine's own, and an object's built-in members. */
export const RESERVED_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toJSON', '__proto__'])

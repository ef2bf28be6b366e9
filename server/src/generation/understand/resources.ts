/**
 * The collections a request names ('a bookstore with books and authors') and the fields it gives
 * them ('books with title, author and price', 'add a due date to items'), read from its words.
 */

import {
  ACTOR_VERBS,
  ACTORS,
  BEFORE_INTRODUCERS,
  BELONG_WORDS,
  BOOLEAN_PREFIXES,
  BOOLEAN_WORDS,
  BOUNDARIES,
  CLASSIFIERS,
  COLLECTION_WORDS,
  DATE_WORDS,
  DETERMINERS,
  DOMAINS,
  FIELD_MARKERS,
  FIELD_WORDS,
  FLAG_WORDS,
  HAS_WORDS,
  IDENTIFIER_NUMBERS,
  INTRODUCERS,
  JOINERS,
  KNOWN_NOUNS,
  LINK_WORDS,
  MEASURES,
  MODIFIERS,
  NON_NEGATIVE,
  NOT_NOUNS,
  NOT_RECORDS,
  NOUN_OR_VERB,
  NUMBER_WORDS,
  PRIMARY_NAMES,
  QUANTITIES,
  RELATIVES,
  RESERVED_FIELDS,
  SOFTWARE_WORDS,
  STOPS,
  SUBJECTS,
  SYNONYMS,
  UNITS,
  VERBS,
  type Primary,
} from './lexicon'
import type { Field, FieldType, Resource } from './types'
import { camelCase, lookup, looksPlural, pluralOf, singularOf } from './words'

/** At most this many collections, and fields per collection: a starter project, not a schema dump. */
export const MAX_RESOURCES = 6
export const MAX_FIELDS = 10
const MAX_WORD_LENGTH = 24

/** A word of the request, or a punctuation mark that separates its parts. */
interface Token {
  text: string
  word: boolean
}

/** The request as tokens: lower-case ASCII words and the punctuation that structures lists. */
export const tokenize = (request: string): Token[] => {
  const text = request
    .slice(0, 4000)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/\bto-?dos?\b/g, (match) => (match.endsWith('s') ? 'todos' : 'todo'))
    .replace(/\baddress book\b/g, 'addressbook')
    .replace(/\bphone book\b/g, 'phonebook')
    .replace(/\be-(mail|commerce|book)/g, 'e$1')
  const tokens: Token[] = []
  for (const match of text.matchAll(/[a-z][a-z0-9]*|[0-9]+|[,;:.!?()&/]/g)) {
    const part = match[0]
    tokens.push({ text: part, word: /^[a-z0-9]/.test(part) })
  }
  return tokens
}

const wordAt = (tokens: readonly Token[], index: number): string | undefined => {
  const token = tokens[index]
  return token?.word ? token.text : undefined
}

const isName = (word: string): boolean => /^[a-z][a-z0-9]*$/.test(word) && word.length <= MAX_WORD_LENGTH && !/^\d/.test(word)

/** Whether the plural at `index` is a noun of records (not a verb, an amount, or a word about software). */
const isCollectionAt = (tokens: readonly Token[], index: number): boolean => {
  const word = wordAt(tokens, index)
  if (!word || !isName(word) || !looksPlural(word) || NOT_RECORDS.has(word) || SOFTWARE_WORDS.has(word)) return false
  const before = wordAt(tokens, index - 1)
  const after = wordAt(tokens, index + 1)
  // 'a tool that renames files': right after 'that', a word in -s is its verb.
  if (before && RELATIVES.has(before) && after && !JOINERS.has(after) && !BOUNDARIES.has(after)) return false
  if (VERBS.has(word)) {
    if (!NOUN_OR_VERB.has(word)) return false
    // 'the API lists books', 'an app that books rooms': a verb with its object.
    if (before && SUBJECTS.has(before) && after && !BOUNDARIES.has(after) && !JOINERS.has(after)) return false
    if (after && looksPlural(after) && !NOT_RECORDS.has(after)) return false
  }
  if (before === 'of' && QUANTITIES.has(wordAt(tokens, index - 2) ?? '')) return false
  // 'where people can share recipes', 'users create polls': the people who use it, not its records.
  if (ACTORS.has(word) && after && ACTOR_VERBS.has(after)) return false
  return true
}

/** The kind of software right after `index`, past modifiers ('todo web app'): where a noun names the project's records. */
const namesSoftware = (tokens: readonly Token[], index: number): boolean => {
  for (let next = index + 1; next < tokens.length && next <= index + 3; next += 1) {
    const word = wordAt(tokens, next)
    if (!word) return false
    if (SOFTWARE_WORDS.has(word)) return true
    if (!MODIFIERS.has(word)) return false
  }
  return false
}

interface Draft {
  plural: string
  singular: string
  at: number
  /** Only the noun before the software's name says it ('a todo app'), not a plural the request lists. */
  implied: boolean
  /** Fields the request gave, in its order, by name. */
  stated: Map<string, Field>
  /** The collections (plurals) the request says its records belong to: 'loans of books', 'orders belong to customers'. */
  links: Set<string>
}

/** The singular and plural of a noun, either way round, when they make a collection's name. */
const formsOf = (word: string): { singular: string; plural: string } | undefined => {
  if (!isName(word)) return undefined
  const plural = looksPlural(word) ? word : pluralOf(word)
  const singular = looksPlural(word) ? singularOf(word) : word
  if (!isName(plural) || !isName(singular) || NOT_RECORDS.has(plural)) return undefined
  return { singular, plural }
}

/** A field from the words that name it: ['due', 'date'] → dueDate, an ISO date. */
export const fieldOf = (words: readonly string[]): Field | undefined => {
  let parts = words.filter((word) => isName(word)).slice(-3)
  if (parts.length === 0) return undefined
  if (parts.length === 1 && parts[0] === 'due') parts = ['due', 'date']
  // 'a done flag', 'a completed checkbox': the flag is the field, true or false.
  const flag = parts.length > 1 && FLAG_WORDS.has(parts.at(-1) as string)
  if (flag) parts = parts.slice(0, -1)
  const head = parts.at(-1) as string
  // A plural field word is the field itself: 'names and emails' are each user's name and email.
  if (FIELD_WORDS.has(singularOf(head)) && head !== 'notes' && looksPlural(head)) parts = [...parts.slice(0, -1), singularOf(head)]
  const last = parts.at(-1) as string
  const name = camelCase(parts)
  if (RESERVED_FIELDS.has(name) || name.length > 40) return undefined
  let type: FieldType = 'string'
  if (flag || BOOLEAN_WORDS.has(last) || (parts.length > 1 && BOOLEAN_PREFIXES.has(parts[0] as string)) || name === 'inStock') type = 'boolean'
  // 'returned at', 'paid on': when something happened.
  else if (DATE_WORDS.has(last) || last.endsWith('date') || (parts.length > 1 && (last === 'at' || last === 'on'))) type = 'date'
  else if (last === 'email') type = 'email'
  else if (NUMBER_WORDS.has(last) && !(last === 'number' && parts.length > 1 && IDENTIFIER_NUMBERS.has(parts[0] as string))) type = 'number'
  // 'vaccinated', 'shipped': a state a record is in or not.
  else if (parts.length === 1 && /[^e]ed$/.test(last) && last.length > 4) type = 'boolean'
  return { name, label: parts.join(' '), type, required: false, ...(type === 'number' && NON_NEGATIVE.has(last) && { min: 0 }) }
}

/** A list of items from `start`: 'a title, an author and a price' → [['title'], ['author'], ['price']], with where each starts. */
interface ListItem {
  words: string[]
  at: number
  /** It came with 'a' or 'an': one of something, never a collection ('a species'). */
  single: boolean
}

/**
 * The items of a list from `start`: 'a title, an author and a price' → [title], [author], [price].
 * In parentheses ('vehicles (make, model, year)'), only the closing one ends it.
 */
const listFrom = (tokens: readonly Token[], start: number, parenthesized = false): { items: ListItem[]; end: number } => {
  const items: ListItem[] = []
  let current: string[] = []
  let currentAt = start
  let single = false
  let index = start
  const flush = () => {
    if (current.length > 0) items.push({ words: current, at: currentAt, single })
    current = []
    single = false
  }
  // 'with the following fields: title, author': the words that announce the list are not in it.
  while (index < tokens.length && (DETERMINERS.has(tokens[index]?.text ?? '') || FIELD_MARKERS.has(tokens[index]?.text ?? '') || tokens[index]?.text === ':')) {
    if (tokens[index]?.text === 'a' || tokens[index]?.text === 'an') single = true
    index += 1
  }
  for (; index < tokens.length; index += 1) {
    const token = tokens[index] as Token
    if (JOINERS.has(token.text) || token.text === '(') {
      flush()
      continue
    }
    if (STOPS.has(token.text) && (!parenthesized || token.text === ')' || token.text === '.')) break
    // 'distance in km': the unit is not another field.
    if (token.text === 'in' && current.length > 0 && UNITS.has(tokens[index + 1]?.text ?? '')) {
      index += 1
      continue
    }
    if (!parenthesized && (BOUNDARIES.has(token.text) || INTRODUCERS.has(token.text))) break
    if (!token.word || (!parenthesized && VERBS.has(token.text) && !NOUN_OR_VERB.has(token.text))) break
    if (current.length === 0 && (DETERMINERS.has(token.text) || FIELD_MARKERS.has(token.text))) {
      if (token.text === 'a' || token.text === 'an') single = true
      continue
    }
    if (current.length === 0) currentAt = index
    current.push(token.text)
    // Four words without a comma or 'and' are a clause, not a list item.
    if (current.length > 3) {
      current = []
      break
    }
  }
  flush()
  return { items, end: index }
}

/** Whether a word may name records: 'a tags collection', not 'with endpoints'. */
const isNounLike = (word: string): boolean =>
  isName(word) && !NOT_NOUNS.has(word) && !BOUNDARIES.has(word) && !DETERMINERS.has(word) && !INTRODUCERS.has(word) && !MODIFIERS.has(word) && !SOFTWARE_WORDS.has(word) && !VERBS.has(word) && !QUANTITIES.has(word)

/** Whether a plural is the name of a field rather than of records: 'names', 'due dates', 'servings'. */
const isFieldWord = (word: string): boolean => {
  const singular = singularOf(word)
  return FIELD_WORDS.has(singular) || MEASURES.has(word) || DATE_WORDS.has(singular) || BOOLEAN_WORDS.has(singular)
}

/** Where a list of what the record at `index` holds starts, if one follows it, and whether it is in parentheses. */
const fieldListStart = (tokens: readonly Token[], index: number): { start: number; parenthesized: boolean } | undefined => {
  let next = index + 1
  // 'books (title, author)', 'books: title, author'
  if (tokens[next]?.text === '(') return { start: next + 1, parenthesized: true }
  if (tokens[next]?.text === ':') return { start: next + 1, parenthesized: false }
  // 'items should have', 'books must include', 'users that have', 'todos with'
  if (BEFORE_INTRODUCERS.has(tokens[next]?.text ?? '')) next += 1
  if (['to', 'also'].includes(tokens[next]?.text ?? '')) next += 1
  return INTRODUCERS.has(tokens[next]?.text ?? '') ? { start: next + 1, parenthesized: false } : undefined
}

/** What the request names: its collections, each with the fields it states. */
const draftsOf = (request: string): Draft[] => {
  const tokens = tokenize(request)
  const drafts = new Map<string, Draft>()
  const claimed = new Set<number>()

  const collection = (word: string, at: number, implied = false): Draft | undefined => {
    const forms = formsOf(word)
    if (!forms) return undefined
    const existing = drafts.get(forms.plural)
    if (existing) {
      if (!implied) existing.implied = false
      return existing
    }
    const draft: Draft = { ...forms, at, implied, stated: new Map(), links: new Set() }
    drafts.set(forms.plural, draft)
    return draft
  }

  /** With `owns`, the records listed belong to the draft's: 'customers have orders', 'a user has many posts'. */
  const addFields = (draft: Draft, items: readonly ListItem[], allowCollections: boolean, owns = false) => {
    for (const item of items) {
      const head = item.words.at(-1) as string
      if (allowCollections && !item.single && looksPlural(head) && !isFieldWord(head)) {
        // Other records ('a blog with posts'), or the people who use it ('students can'): never a field.
        const end = item.at + item.words.length
        const owned = isCollectionAt(tokens, end - 1) ? collection(head, end - 1) : undefined
        // 'posts have tags': a tag is not a post's alone, so neither refers to the other; '…, ingredients have a name' starts a clause of its own.
        const ownClause = INTRODUCERS.has(wordAt(tokens, end) ?? '') || BEFORE_INTRODUCERS.has(wordAt(tokens, end) ?? '')
        if (owned && owns && owned !== draft && !ownClause && !CLASSIFIERS.has(owned.singular)) owned.links.add(draft.plural)
        continue
      }
      const field = fieldOf(item.words)
      if (field && !draft.stated.has(field.name) && draft.stated.size < MAX_FIELDS) draft.stated.set(field.name, field)
      for (let index = item.at; index < item.at + item.words.length; index += 1) claimed.add(index)
    }
  }

  // 'each book has a title and an author', 'every task needs a due date'
  for (let index = 0; index < tokens.length; index += 1) {
    const word = wordAt(tokens, index)
    if ((word === 'each' || word === 'every') && wordAt(tokens, index + 1)) {
      const noun = wordAt(tokens, index + 1) as string
      const list = fieldListStart(tokens, index + 1)
      if (list === undefined || BOUNDARIES.has(noun) || !isName(noun) || NOT_RECORDS.has(pluralOf(noun))) continue
      const draft = collection(noun, index + 1)
      if (!draft) continue
      claimed.add(index + 1)
      addFields(draft, listFrom(tokens, list.start, list.parenthesized).items, false)
    }
  }

  // 'add a due date to items', 'add tags to each post'
  for (let index = 0; index < tokens.length; index += 1) {
    if (wordAt(tokens, index) !== 'add') continue
    const { items, end } = listFrom(tokens, index + 1)
    if (items.length === 0 || !['to', 'on', 'for'].includes(tokens[end]?.text ?? '')) continue
    let target = end + 1
    while (DETERMINERS.has(tokens[target]?.text ?? '')) target += 1
    const noun = wordAt(tokens, target)
    if (!noun || !(looksPlural(noun) ? isCollectionAt(tokens, target) : Boolean(lookup(KNOWN_NOUNS, noun)))) continue
    const draft = collection(noun, target)
    if (draft) addFields(draft, items, false)
  }

  for (let index = 0; index < tokens.length; index += 1) {
    if (claimed.has(index)) continue
    const word = wordAt(tokens, index)
    if (!word) continue
    const next = wordAt(tokens, index + 1)
    let draft: Draft | undefined
    if (isCollectionAt(tokens, index)) draft = collection(word, index)
    // 'a recipe app', 'a todo web app': the software's own records.
    else if (lookup(KNOWN_NOUNS, word) && namesSoftware(tokens, index)) draft = collection(word, index, true)
    // 'a tags collection', 'a user model'
    else if (next && COLLECTION_WORDS.has(next) && isNounLike(word)) draft = collection(word, index)
    if (!draft) continue
    // What follows the noun, past the words for the software ('a todo app with due dates'), is what it holds.
    let end = index
    while (SOFTWARE_WORDS.has(wordAt(tokens, end + 1) ?? '') || MODIFIERS.has(wordAt(tokens, end + 1) ?? '')) end += 1
    const list = fieldListStart(tokens, end)
    if (list !== undefined) addFields(draft, listFrom(tokens, list.start, list.parenthesized).items, true, !draft.implied && HAS_WORDS.has(tokens[list.start - 1]?.text ?? ''))
  }
  singularStatements(tokens, drafts, collection, addFields)
  linksBetween(tokens, drafts, collection)
  // 'a to-do list where tasks have a due date': the tasks are the todos, named twice.
  const all = [...drafts.values()]
  const kept = all.filter((draft) => !(draft.implied && draft.stated.size === 0 && all.some((other) => other !== draft && !other.implied && sameRecords(other.singular, draft.singular))))
  return kept.sort((a, b) => a.at - b.at)
}

type Collect = (word: string, at: number) => Draft | undefined
type AddFields = (draft: Draft, items: readonly ListItem[], allowCollections: boolean, owns?: boolean) => void

/** The draft of the collection a word names, in either number, if the request keeps it. */
const keptAs = (drafts: ReadonlyMap<string, Draft>, word: string | undefined): Draft | undefined => {
  const forms = word === undefined ? undefined : formsOf(word)
  return forms && drafts.get(forms.plural)
}

/**
 * 'where a loan has a due date', 'the book has a title and an author': a record named one at a
 * time, of a collection the request keeps or a known kind, and what it has.
 */
const singularStatements = (tokens: readonly Token[], drafts: ReadonlyMap<string, Draft>, collection: Collect, addFields: AddFields) => {
  for (let index = 0; index < tokens.length; index += 1) {
    if (!['a', 'an', 'the', 'one'].includes(wordAt(tokens, index) ?? '')) continue
    const noun = wordAt(tokens, index + 1)
    if (!noun || looksPlural(noun) || !isNounLike(noun) || !(keptAs(drafts, noun) || lookup(KNOWN_NOUNS, noun))) continue
    let verb = index + 2
    if (BEFORE_INTRODUCERS.has(wordAt(tokens, verb) ?? '')) verb += 1
    if (!HAS_WORDS.has(wordAt(tokens, verb) ?? '')) continue
    // 'the user has to sign in' says nothing a user holds.
    const { items } = listFrom(tokens, verb + 1)
    const draft = items.length > 0 ? collection(noun, index + 1) : undefined
    if (draft) addFields(draft, items, true, true)
  }
}

/**
 * 'loans of books by members', 'comments on posts', 'orders belong to customers', 'each task is
 * assigned to a project': the records of one collection refer to those of another.
 */
const linksBetween = (tokens: readonly Token[], drafts: ReadonlyMap<string, Draft>, collection: Collect) => {
  /** The index of the noun after `from`, past its determiners. */
  const nounAfter = (from: number): number => {
    let at = from
    while (DETERMINERS.has(wordAt(tokens, at) ?? '')) at += 1
    return at
  }
  // The owners in a chain: 'books' in 'loans of books by members' is not by members itself.
  const owners = new Set<number>()
  for (let index = 0; index < tokens.length; index += 1) {
    const word = wordAt(tokens, index)
    let next = index + 1
    if (['is', 'are', 'each'].includes(wordAt(tokens, next) ?? '')) next += 1
    const belongs = BELONG_WORDS.has(wordAt(tokens, next) ?? '') && wordAt(tokens, next + 1) === 'to'
    // 'each task is assigned to a project' names the tasks too.
    const named = belongs && word !== undefined && isNounLike(word) && (looksPlural(word) || lookup(KNOWN_NOUNS, word) !== undefined)
    const draft = owners.has(index) ? undefined : (keptAs(drafts, word) ?? (named ? collection(word, index) : undefined))
    if (!draft) continue
    if (belongs) {
      const at = nounAfter(next + 2)
      const noun = wordAt(tokens, at)
      // 'belongs to a customer' names the customers even when the request lists them nowhere else.
      const owner = noun && isNounLike(noun) ? collection(noun, at) : undefined
      if (owner && owner !== draft) draft.links.add(owner.plural)
      continue
    }
    // A chain of them: 'loans of books by members' are of books and by members.
    while (LINK_WORDS.has(wordAt(tokens, next) ?? '')) {
      const at = nounAfter(next + 1)
      const owner = looksPlural(wordAt(tokens, at) ?? '') ? keptAs(drafts, wordAt(tokens, at)) : undefined
      if (!owner || owner === draft || CLASSIFIERS.has(owner.singular)) break
      draft.links.add(owner.plural)
      owners.add(at)
      next = at + 1
    }
  }
}

/** Whether two nouns name the same records ('todo' and 'task'). */
const sameRecords = (a: string, b: string): boolean => SYNONYMS.get(a) !== undefined && SYNONYMS.get(a) === SYNONYMS.get(b)

/** Fields a record of this noun has when the request says no more: its main text first, each assumed. */
const knownFields = (singular: string): Field[] => {
  const known = lookup(KNOWN_NOUNS, singular)
  const primary: Primary | undefined = known ? known.primary : 'name'
  const fields: Field[] = primary ? [{ name: primary, label: primary, type: 'string', required: true, assumed: true }] : []
  for (const [name, type] of known?.fields ?? []) {
    const field = fieldOf(name.replace(/([A-Z])/g, ' $1').toLowerCase().split(' '))
    if (field) fields.push({ ...field, type, assumed: true })
  }
  return fields
}

/** The fields of a collection: its main text (required) first, then the usual ones, then those the request states. */
const fieldsOf = (draft: Draft): Field[] => {
  const stated = [...draft.stated.values()]
  const defaults = knownFields(draft.singular)
  // A stated name or title is the main field; otherwise the usual one for this noun.
  const main = stated.find((field) => field.name === 'name' || field.name === 'title') ?? stated.find((field) => PRIMARY_NAMES.has(field.name) && field.type === 'string')
  const fields = new Map<string, Field>()
  if (main) fields.set(main.name, { ...main, type: 'string', required: true })
  for (const field of defaults) {
    if (main && field.required && field.type === 'string') continue
    // What the request says of a usual field wins: 'a loan has a due date' states it.
    fields.set(field.name, draft.stated.get(field.name) ?? field)
  }
  for (const field of stated) if (!fields.has(field.name)) fields.set(field.name, field)
  return [...fields.values()].slice(0, MAX_FIELDS)
}

/** A field that holds the id of a record of `target`: 'book' → bookId, the id of one of the books. */
const referenceTo = (target: Resource, field: Pick<Field, 'assumed'>): Field => ({
  name: `${camelCase(wordsOfName(target.singular))}Id`,
  label: target.singular,
  type: 'reference',
  required: true,
  references: target.plural,
  ...(field.assumed && { assumed: true }),
})

/** 'dueDate' → ['due', 'date']. */
const wordsOfName = (name: string): string[] => name.replace(/([A-Z])/g, ' $1').toLowerCase().split(' ')

/** Whether the records of `from` refer, directly or through others, to those of `to`. */
const reaches = (resources: readonly Resource[], from: string, to: string, seen = new Set<string>()): boolean => {
  if (from === to) return true
  if (seen.has(from)) return false
  seen.add(from)
  const resource = resources.find((candidate) => candidate.plural === from)
  return (resource?.fields ?? []).some((field) => field.references !== undefined && reaches(resources, field.references, to, seen))
}

/**
 * The collections with their references: a field named after the records of another collection
 * ('a loan has a book', a book's usual author) holds the id of one of them, and so does each link
 * the request states ('loans of books') or a record usually has (an order's customer). Never a
 * cycle, so a record of each collection can always be created: the first link of two that would
 * make one wins. A usual reference whose collection the request does not keep is plain text, or
 * left out.
 */
export const withReferences = (resources: readonly Resource[], links: ReadonlyMap<string, ReadonlySet<string>> = new Map(), only?: ReadonlySet<string>): Resource[] => {
  const result = resources.map((resource) => ({ ...resource, fields: [...resource.fields] }))
  const keptFor = (noun: string): Resource | undefined => result.find((resource) => resource.singular === noun || resource.plural === noun)
  for (const resource of result) {
    if (only && !only.has(resource.plural)) continue
    const refer = (target: Resource | undefined, field: Pick<Field, 'assumed'>, replacing?: string): boolean => {
      if (!target || target === resource || reaches(result, target.plural, resource.plural)) return false
      if (resource.fields.some((known) => known.references === target.plural)) return replacing === undefined || dropField(resource, replacing)
      const reference = referenceTo(target, field)
      const at = replacing === undefined ? -1 : resource.fields.findIndex((known) => known.name === replacing)
      if (at >= 0) resource.fields[at] = reference
      else insertReference(resource, reference)
      return true
    }
    for (const field of [...resource.fields]) {
      const target = field.required && field.type === 'string' ? undefined : keptFor(field.name)
      const linked = (field.type === 'string' || field.type === 'reference') && refer(target, field, field.name)
      // A usual reference to records the request does not keep: the record's name as text.
      if (!linked && field.type === 'reference' && field.references === undefined) replaceField(resource, field.name, { ...field, type: 'string' })
    }
    for (const plural of links.get(resource.plural) ?? []) refer(keptFor(plural), {})
    for (const group of lookup(KNOWN_NOUNS, resource.singular)?.links ?? []) {
      const target = group.map(keptFor).find((candidate) => candidate !== undefined && candidate !== resource)
      refer(target, { assumed: true })
    }
    resource.fields = resource.fields.slice(0, MAX_FIELDS)
  }
  return result
}

const dropField = (resource: Resource, name: string): true => {
  resource.fields = resource.fields.filter((field) => field.name !== name)
  return true
}

const replaceField = (resource: Resource, name: string, field: Field) => {
  resource.fields = resource.fields.map((known) => (known.name === name ? field : known))
}

/** A reference goes after the main text and the other references: what a record is, then what it belongs to. */
const insertReference = (resource: Resource, reference: Field) => {
  let at = 0
  while (at < resource.fields.length && ((resource.fields[at] as Field).type === 'reference' || ((resource.fields[at] as Field).required && at === 0))) at += 1
  resource.fields.splice(at, 0, reference)
}

/** The collection a request gets when it names none: items with a title, done or not. */
export const DEFAULT_RESOURCE: Resource = { plural: 'items', singular: 'item', fields: knownFields('item') }

/**
 * The collections a request names, in its order, each with its fields: the ones it states and
 * the usual ones for the noun ('a todo' is done or not). None named: a domain's usual records
 * ('a blog' → posts), else items; `named` says whether the request named them.
 */
export const resourcesIn = (request: string): { resources: Resource[]; named: boolean } => {
  const drafts = draftsOf(request).slice(0, MAX_RESOURCES)
  if (drafts.length > 0) {
    const resources = drafts.map((draft) => ({ plural: draft.plural, singular: draft.singular, fields: fieldsOf(draft) }))
    return { resources: withReferences(resources, new Map(drafts.map((draft) => [draft.plural, draft.links]))), named: true }
  }
  for (const token of tokenize(request)) {
    const plural = lookup(DOMAINS, token.text)
    if (plural) {
      const singular = singularOf(plural)
      return { resources: withReferences([{ plural, singular, fields: knownFields(singular) }]), named: true }
    }
  }
  return { resources: [DEFAULT_RESOURCE], named: false }
}

/**
 * A project's collections after a follow-up request ('now add a due date to items', 'add a
 * tags collection'): the fields it adds join their collection, new collections come after.
 */
export const mergeResources = (previous: readonly Resource[], next: readonly Resource[]): Resource[] => {
  const merged = previous.map((resource) => ({ ...resource, fields: [...resource.fields] }))
  const added = new Set<string>()
  for (const resource of next) {
    // 'add a due date to items' in a todo app: the items are its todos.
    const existing = merged.find((candidate) => candidate.plural === resource.plural) ?? merged.find((candidate) => sameRecords(candidate.singular, resource.singular))
    if (!existing) {
      if (merged.length < MAX_RESOURCES) {
        merged.push({ ...resource, fields: [...resource.fields] })
        added.add(resource.plural)
      }
      continue
    }
    // Only what the follow-up states: the usual fields of its own reading are the project's already, or were changed.
    for (const field of resource.fields) {
      if (!field.required && !field.assumed && !existing.fields.some((known) => known.name === field.name) && existing.fields.length < MAX_FIELDS) existing.fields.push(field)
    }
  }
  // A new collection refers to the project's ('add a fines collection' to a library: fines of loans).
  return added.size > 0 ? withReferences(merged, new Map(), added) : merged
}

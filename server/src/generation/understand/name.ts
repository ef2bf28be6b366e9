/**
 * A project's name as a person would give it ('Bookstore API', 'Expense Tracker', 'Todo App'),
 * and its slug: never the request's words strung together.
 */

import type { ProjectKind } from '@contracts/builds'
import type { CliTask, LibraryTask, Resource } from './types'
import {
  AGENT_NOUNS,
  AGENTS,
  API_ENDINGS,
  CLAUSE,
  CLI_NAMES,
  COLLECTIONS_OF,
  DOING_LEADS,
  DOMAINS,
  FILLER,
  KIND_SUFFIX,
  KNOWN_NOUNS,
  LIBRARY_NAMES,
  LIBRARY_TOPICS,
  OBJECT_LEADS,
  PAGE_WORDS,
  PHRASE_END,
  SOFTWARE,
  SOFTWARE_WORDS,
  TOPIC_LEADS,
  USERS,
} from './lexicon'
import { tokenize } from './resources'
import { lookup, looksPlural, singularOf, titleCase, wordsOf } from './words'

export const MAX_SLUG_LENGTH = 40
export const FALLBACK_SLUG = 'overseer-project'
const MAX_NAME_WORDS = 5

/** The verb's forms: 'tracks', 'tracking', 'tracked' → 'track'. */
const verbOf = (word: string): string | undefined => {
  if (lookup(AGENTS, word)) return word
  for (const stem of [word.replace(/s$/, ''), word.replace(/es$/, ''), word.replace(/ing$/, ''), word.replace(/ing$/, 'e'), word.replace(/(\w)\1ing$/, '$1'), word.replace(/ed$/, ''), word.replace(/d$/, '')]) {
    if (stem !== word && lookup(AGENTS, stem)) return stem
  }
  return undefined
}

const usable = (word: string): boolean => !FILLER.has(word) && /^[a-z][a-z0-9]*$/.test(word) && word.length <= 24

/** Whether the word at `index` names the kind of software: 'a library of helpers' is one, 'a library management system' is about one. */
const isKindAt = (words: readonly string[], index: number): boolean => {
  const word = words[index] as string
  return lookup(SOFTWARE, word)?.name !== undefined && !(word === 'library' && LIBRARY_TOPICS.has(words[index + 1] ?? ''))
}

/** Up to `max` usable words from `start`, going forward (or back), stopping at the first that is not. */
const phraseAt = (words: readonly string[], start: number, step: 1 | -1, max: number, { headIsPlural = false, subjectAt = -1 } = {}): string[] => {
  const phrase: string[] = []
  for (let index = start; index >= 0 && index < words.length && phrase.length < max; index += step) {
    const word = words[index] as string
    if (PHRASE_END.has(word) || !usable(word) || (isKindAt(words, index) && index !== subjectAt)) break
    phrase.push(word)
    // 'formats dates relative to now': the first plural is the phrase's head noun.
    if (headIsPlural && looksPlural(word)) break
  }
  return step === 1 ? phrase : phrase.reverse()
}

export interface NameInput {
  request: string
  kind: ProjectKind
  resources: readonly Resource[]
  resourcesNamed: boolean
  cliTask: CliTask
  libraryTasks: readonly LibraryTask[]
}

/** A name's words with the kind's noun at the end, unless the name already ends with a noun like it. */
const withSuffix = (words: readonly string[], suffix: string | undefined, kind: ProjectKind): string[] => {
  const last = words.at(-1) ?? ''
  if (kind === 'http-api') return API_ENDINGS.has(last) ? [...words] : [...words, 'api']
  if (!suffix || AGENT_NOUNS.has(last) || last === suffix) return [...words]
  return [...words, ...suffix.split(' ')]
}

/** 'habit tracking' → 'habit tracker': a phrase that ends in a doing is named after its doer. */
const asAgent = (phrase: readonly string[]): string[] => {
  const last = phrase.at(-1) ?? ''
  const verb = last.endsWith('ing') ? verbOf(last) : undefined
  return verb && phrase.length > 1 ? [...phrase.slice(0, -1), ...(lookup(AGENTS, verb) as string).split(' ')] : [...phrase]
}

/** The words of a project's name, before title case. */
const nameWords = ({ request, kind, resources, resourcesNamed, cliTask, libraryTasks }: NameInput): string[] => {
  if (kind === 'cli' && cliTask !== 'generic') return wordsOf(CLI_NAMES[cliTask])
  const libraryName = kind === 'library' && libraryTasks.length === 1 ? LIBRARY_NAMES[libraryTasks[0] as LibraryTask] : undefined
  if (libraryName) return wordsOf(libraryName)
  // Punctuation stays, so a phrase never runs across a comma or a parenthesis.
  const words = tokenize(request.slice(0, 2000)).flatMap((token) => (token.text === 'todos' ? ['todo'] : token.text === 'addressbook' ? ['address', 'book'] : [token.text]))

  // The kind of software as the request calls it, and the words just before it: 'a [todo] web app', 'a [bookstore] API'.
  const kindAt = words.findIndex((word, index) => isKindAt(words, index) && !(word === 'library' && words[index + 1] === 'of' && kind !== 'library'))
  const software = kindAt >= 0 ? lookup(SOFTWARE, words[kindAt] as string) : undefined
  let suffix = software?.name
  if (suffix === 'app' && words[kindAt - 1] === 'web') suffix = 'web app'
  // The request's noun for the software ends the name only when it is the kind built: an 'app' built as a CLI is not called one.
  if (kind !== 'http-api' && software?.kind !== kind) suffix = undefined

  if (kindAt >= 0) {
    const subject = asAgent(phraseAt(words, kindAt - (suffix === 'web app' ? 2 : 1), -1, 3).filter((word) => !PAGE_WORDS.has(word)))
    if (subject.length > 0) {
      if (AGENT_NOUNS.has(subject.at(-1) ?? '')) return withSuffix(subject, undefined, kind)
      // 'an expense tracker app' is an Expense Tracker; 'a library of array helpers' is Array Helpers.
      const own = software?.name
      const named = own && AGENT_NOUNS.has(own) ? [...subject, own] : subject
      return withSuffix(named, AGENT_NOUNS.has(own ?? '') ? undefined : suffix, kind)
    }
  }

  // 'an app to track expenses', 'a tool that renames photos', 'for tracking habits'
  for (let index = 0; index < words.length; index += 1) {
    const verb = verbOf(words[index] as string)
    if (!verb) continue
    // 'my daily expenses': the object, past its determiners.
    let start = index + 1
    while (OBJECT_LEADS.has(words[start] ?? '') || (COLLECTIONS_OF.includes(words[start] ?? '') && words[start + 1] === 'of')) start += 1
    const object = phraseAt(words, start, 1, 2, { headIsPlural: true })
    if (object.length === 0) continue
    const head = object.at(-1) as string
    const agent = lookup(AGENTS, verb) as string
    return withSuffix([...object.slice(0, -1), looksPlural(head) ? singularOf(head) : head, ...agent.split(' ')], undefined, kind)
  }

  // 'a landing page for my bakery', 'an API for invoices', 'an iOS app in Swift for notes', 'a library of array helpers'
  if (kindAt >= 0) {
    let start = kindAt + 1
    while (start < kindAt + 4 && words[start] !== undefined && !['for', 'of', 'about'].includes(words[start] as string) && FILLER.has(words[start] as string)) start += 1
    if (['for', 'of', 'about'].includes(words[start] ?? '')) {
      start += 1
      while (TOPIC_LEADS.has(words[start] ?? '')) start += 1
      // 'a REST API for a library': another kind of software, after 'for', is what this one serves.
      const other = lookup(SOFTWARE, words[start] ?? '')
      const subjectAt = other && other.kind !== kind && !SOFTWARE_WORDS.has(words[start] as string) ? start : -1
      const topic = asAgent(phraseAt(words, start, 1, 3, { subjectAt }))
      if (topic.length > 0) return withSuffix(topic, words[kindAt] === 'library' && words[kindAt + 1] === 'of' ? undefined : suffix, kind)
    }
  }

  // 'a website to sell handmade jewelry': what the software does something with.
  const verb = words[kindAt + 2] ?? ''
  const doing = words[kindAt + 1] === 'to' || (['that', 'which'].includes(words[kindAt + 1] ?? '') && verb.endsWith('s') && !USERS.has(verb))
  if (kindAt >= 0 && doing && usable(verb)) {
    let start = kindAt + 3
    while (DOING_LEADS.has(words[start] ?? '')) start += 1
    const object = phraseAt(words, start, 1, 3, { headIsPlural: true })
    if (object.length > 0) return withSuffix(object, suffix ?? KIND_SUFFIX[kind], kind)
  }

  // 'a blog', 'an inventory of products': what the request starts with, when it names what the project is about.
  let first = 0
  while (first < words.length && !CLAUSE.has(words[first] as string) && (FILLER.has(words[first] as string) || isKindAt(words, first))) first += 1
  const lead = asAgent(phraseAt(words, first, 1, 3))
  const known = (word: string) => lookup(DOMAINS, word) !== undefined || lookup(KNOWN_NOUNS, word) !== undefined || resources.some((resource) => resource.plural === word || resource.singular === word)
  // A command or a library is named after what it is about, whatever records the request mentions.
  if (lead.length > 0 && (lead.some(known) || !resourcesNamed || kind === 'cli' || kind === 'library')) {
    return withSuffix(lead, kind === 'web-app' ? undefined : KIND_SUFFIX[kind], kind)
  }
  // 'a library with a function sum(a, b)': the library of that function.
  const named = kind === 'library' ? /\bfunction (?:called |named )?([a-z][a-z0-9]*)\b/.exec(words.join(' ')) : null
  if (named?.[1] && usable(named[1])) return [named[1], 'library']

  if (resourcesNamed && resources.length > 0) {
    // An API is called after what it serves ('Books and Orders API'), an app after what it is for ('Quiz App').
    if (kind !== 'http-api') return withSuffix([(resources[0] as Resource).singular], suffix ?? KIND_SUFFIX[kind], kind)
    const plurals = resources.slice(0, 2).map((resource) => resource.plural)
    return withSuffix(plurals.length === 2 ? [plurals[0] as string, 'and', plurals[1] as string] : plurals, suffix ?? KIND_SUFFIX[kind], kind)
  }
  return withSuffix([], suffix ?? KIND_SUFFIX[kind], kind)
}

/** The project's name: 'Bookstore API', 'Expense Tracker', 'Todo Web App', 'CSV to JSON Converter'. */
export const nameOf = (input: NameInput): string => {
  const words = nameWords(input).slice(0, MAX_NAME_WORDS)
  // The kind's own noun is never the whole name: 'web app' alone says nothing, but it is a name still.
  return titleCase(words.length > 0 ? words : KIND_SUFFIX[input.kind].split(' '))
}

/**
 * A package and folder name from a project's name: its lower-case ASCII words joined by `-`, at
 * most 40 characters, whole words only; `overseer-project` when nothing is left. The result always
 * matches /^[a-z0-9]+(-[a-z0-9]+)*$/.
 */
export const slugOf = (name: string): string => {
  let slug = ''
  for (const word of wordsOf(name)) {
    const next = slug ? `${slug}-${word}` : word
    if (next.length > MAX_SLUG_LENGTH) break
    slug = next
  }
  return slug || FALLBACK_SLUG
}

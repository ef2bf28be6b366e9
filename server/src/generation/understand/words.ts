/**
 * English words as a request uses them: splitting into words, singular and plural forms (by the
 * pluralize library), and the casing of names. Pure functions over lower-case ASCII words.
 */

import pluralize from 'pluralize'
import { ACRONYMS, IRREGULAR_PLURALS, MINOR, NOT_PLURAL, PLURALS_IN_ES, PLURALS_IN_S, UNCOUNTABLE } from './lexicon'

/**
 * `record[key]` when `record` has it itself: a request's word is never one of an object's
 * built-in members ('constructor', 'toString').
 */
export const lookup = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined)

// pluralize's rules, with the plurals it forms otherwise than a build request means them set
// right once, here: the library keeps its rules for the whole process (nothing else here uses it).
for (const word of PLURALS_IN_S) pluralize.addIrregularRule(word, `${word}s`)
for (const word of PLURALS_IN_ES) pluralize.addIrregularRule(word, `${word}es`)
for (const word of UNCOUNTABLE) pluralize.addUncountableRule(word)

/** The plural of a singular noun: 'category' → 'categories', 'box' → 'boxes', 'person' → 'people'. */
export const pluralOf = (word: string): string => pluralize.plural(word)

/** The singular of a plural noun: 'categories' → 'category', 'boxes' → 'box', 'people' → 'person'. */
export const singularOf = (word: string): string => pluralize.singular(word)

const VOWELS = /[aeiou]/

/** Whether a lower-case word reads as a plural noun ('books', 'people'), not 'status' or 'is'. */
export const looksPlural = (word: string): boolean => {
  if (word.length < 3 || NOT_PLURAL.has(word)) return false
  if (IRREGULAR_PLURALS.has(word)) return true
  if (!word.endsWith('s')) return false
  if (/(ss|us|is|ics|ous|ness|less)$/.test(word)) return false
  // A plural keeps a vowel in its stem ('pts' is an abbreviation, not a word).
  return VOWELS.test(word.slice(0, -1))
}

/** A name's words in title case: ['csv', 'to', 'json', 'converter'] → 'CSV to JSON Converter'. */
export const titleCase = (words: readonly string[]): string =>
  words
    .map((word, index) => {
      if (ACRONYMS.has(word)) return word === 'apis' ? 'APIs' : word === 'ids' ? 'IDs' : word === 'urls' ? 'URLs' : word.toUpperCase()
      if (index > 0 && MINOR.has(word)) return word
      return word.charAt(0).toUpperCase() + word.slice(1)
    })
    .join(' ')

/** A property name from words: ['due', 'date'] → 'dueDate'. */
export const camelCase = (words: readonly string[]): string =>
  words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')

/** Lower-case ASCII words of a text, accents dropped ('Météo' → 'meteo'), apostrophes kept out ("user's" → 'user'). */
export const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)

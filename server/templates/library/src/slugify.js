'use strict'

/**
 * A URL-friendly slug of `text`: lower-case ASCII letters and digits, words joined by
 * `separator`, accents dropped ('Crème brûlée' → 'creme-brulee'), at most `maxLength`
 * characters, cut at a word's end.
 * @param {string} text
 * @param {{ separator?: string, maxLength?: number }} [options]
 * @returns {string}
 */
function slugify(text, { separator = '-', maxLength = 80 } = {}) {
  if (typeof text !== 'string') throw new TypeError('text must be a string')
  if (!Number.isInteger(maxLength) || maxLength < 1) throw new RangeError('maxLength must be a positive integer')
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug ? slug + separator + word : word
    if (next.length > maxLength) break
    slug = next
  }
  return slug
}

/**
 * `slugify(text)`, made unique among `taken` by a number at its end ('post', 'post-2', 'post-3').
 * @param {string} text
 * @param {Iterable<string>} taken
 * @param {{ separator?: string, maxLength?: number }} [options]
 * @returns {string}
 */
function uniqueSlug(text, taken, options = {}) {
  const used = new Set(taken)
  const base = slugify(text, options)
  if (!used.has(base)) return base
  for (let n = 2; ; n += 1) {
    const candidate = base + (options.separator ?? '-') + n
    if (!used.has(candidate)) return candidate
  }
}

module.exports = { slugify, uniqueSlug }

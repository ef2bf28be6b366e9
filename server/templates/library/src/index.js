'use strict'

/**
 * Splits `items` into arrays of at most `size` items.
 * @template T
 * @param {readonly T[]} items
 * @param {number} size a positive integer
 * @returns {T[][]}
 */
function chunk(items, size) {
  if (!Array.isArray(items)) throw new TypeError('items must be an array')
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer')
  const chunks = []
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size))
  return chunks
}

/**
 * Groups `items` by the key `keyOf` returns, keeping their order.
 * @template T, K
 * @param {Iterable<T>} items
 * @param {(item: T) => K} keyOf
 * @returns {Map<K, T[]>}
 */
function groupBy(items, keyOf) {
  if (typeof keyOf !== 'function') throw new TypeError('keyOf must be a function')
  const groups = new Map()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

/**
 * The items without repeats (by `keyOf`, default the item itself), first occurrence kept.
 * @template T
 * @param {Iterable<T>} items
 * @param {(item: T) => unknown} [keyOf]
 * @returns {T[]}
 */
function unique(items, keyOf = (item) => item) {
  const seen = new Set()
  const out = []
  for (const item of items) {
    const key = keyOf(item)
    if (!seen.has(key)) {
      seen.add(key)
      out.push(item)
    }
  }
  return out
}

module.exports = { chunk, groupBy, unique }

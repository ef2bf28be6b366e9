import type { ProjectFile } from '../archive'
import { gitignore, packageJson, readme, type ProjectSpec, type Template } from './common'

const index = `'use strict'

/**
 * Splits \`items\` into arrays of at most \`size\` items.
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
 * Groups \`items\` by the key \`keyOf\` returns, keeping their order.
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
 * The items without repeats (by \`keyOf\`, default the item itself), first occurrence kept.
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
`

const types = `export declare function chunk<T>(items: readonly T[], size: number): T[][]
export declare function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]>
export declare function unique<T>(items: Iterable<T>, keyOf?: (item: T) => unknown): T[]
`

const test = `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { chunk, groupBy, unique } = require('../src/index')

test('chunk splits an array into pieces of a given size', () => {
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]])
  assert.deepEqual(chunk([], 3), [])
  assert.throws(() => chunk([1], 0), RangeError)
  assert.throws(() => chunk('abc', 1), TypeError)
})

test('groupBy keeps the order of keys and items', () => {
  const groups = groupBy(['apple', 'avocado', 'banana'], (word) => word[0])
  assert.deepEqual([...groups.entries()], [['a', ['apple', 'avocado']], ['b', ['banana']]])
})

test('unique drops repeats, by value or by key', () => {
  assert.deepEqual(unique([3, 1, 3, 2, 1]), [3, 1, 2])
  assert.deepEqual(unique([{ id: 1 }, { id: 1 }, { id: 2 }], (item) => item.id), [{ id: 1 }, { id: 2 }])
})
`

const usage = (spec: ProjectSpec): string => `\`\`\`js
const { chunk, groupBy, unique } = require('${spec.slug}')

chunk([1, 2, 3, 4, 5], 2) // [[1, 2], [3, 4], [5]]
groupBy(['apple', 'banana'], (word) => word[0]) // Map { 'a' => ['apple'], 'b' => ['banana'] }
unique([3, 1, 3]) // [3, 1]
\`\`\`

Use it from another project with \`npm install ../${spec.slug}\` (or publish it).`

export const libraryTemplate: Template = {
  kind: 'library',
  summary: 'A Node.js library with documented, tested functions (`chunk`, `groupBy`, `unique`) and TypeScript declarations, without dependencies.',
  run: '',
  files(spec): ProjectFile[] {
    const template = { ...this, run: usage(spec) }
    return [
      readme(spec, template, [
        ['src/index.js', 'the library (documented with JSDoc)'],
        ['index.d.ts', 'its TypeScript declarations'],
        ['test/index.test.js', 'tests of every function'],
      ]),
      packageJson(spec, this.summary, { main: 'src/index.js', types: 'index.d.ts', files: ['src', 'index.d.ts'] }, {}),
      gitignore,
      { path: 'src/index.js', content: index },
      { path: 'index.d.ts', content: types },
      { path: 'test/index.test.js', content: test },
    ]
  },
}

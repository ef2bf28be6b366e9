'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { chunk, groupBy, unique } = require('../src/index')

test('chunk splits an array into pieces of a given size', () => {
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]])
  assert.deepEqual(chunk([], 3), [])
  assert.throws(() => chunk([1], 0), RangeError)
  // @ts-expect-error deliberately wrong type: callers in plain JavaScript get a clear error
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

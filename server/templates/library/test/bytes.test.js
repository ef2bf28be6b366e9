'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { formatBytes, parseBytes } = require('../src/bytes')

test('formatBytes writes a size in the largest unit that fits', () => {
  assert.equal(formatBytes(0), '0 B')
  assert.equal(formatBytes(1023), '1023 B')
  assert.equal(formatBytes(1536), '1.5 KB')
  assert.equal(formatBytes(1024 * 1024), '1 MB')
  assert.equal(formatBytes(5 * 1024 ** 3 + 1, { decimals: 2 }), '5 GB')
  assert.throws(() => formatBytes(-1), RangeError)
})

test('parseBytes reads a size as people write it', () => {
  assert.equal(parseBytes('1.5 KB'), 1536)
  assert.equal(parseBytes('2mb'), 2 * 1024 * 1024)
  assert.equal(parseBytes('10 bytes'), 10)
  assert.equal(parseBytes(formatBytes(3 * 1024 ** 2)), 3 * 1024 ** 2)
  assert.throws(() => parseBytes('big'), SyntaxError)
})

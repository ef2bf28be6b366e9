'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const { Readable } = require('node:stream')
const { stats } = require('../src/wordCount')
const { main } = require('../src/cli')

/** @param {string} [input] what standard input gives */
function capture(input = '') {
  const out = { stdout: '', stderr: '' }
  /** @type {import('../src/cli').Io} */
  const io = {
    stdin: Readable.from([input]),
    stdout: { write: (text) => (out.stdout += text) },
    stderr: { write: (text) => (out.stderr += text) },
  }
  return { io, out }
}

test('counts lines, words and characters', () => {
  assert.deepEqual(stats(''), { lines: 0, words: 0, characters: 0 })
  assert.deepEqual(stats('one two\nthree\n'), { lines: 2, words: 3, characters: 14 })
  assert.deepEqual(stats('no newline'), { lines: 1, words: 2, characters: 10 })
})

test('reads standard input and prints JSON', async () => {
  const { io, out } = capture('a b c\n')
  assert.equal(await main(['--json'], io), 0)
  assert.deepEqual(JSON.parse(out.stdout), [{ file: '-', lines: 1, words: 3, characters: 6 }])
})

test('reads files, a line each, and reports a missing one', async () => {
  const { io, out } = capture()
  assert.equal(await main([path.join(__dirname, '..', 'package.json')], io), 0)
  assert.match(out.stdout, /^\d+\t\d+\t\d+\t.*package\.json\n$/)
  const failed = capture()
  assert.equal(await main(['does-not-exist.txt'], failed.io), 1)
  assert.match(failed.out.stderr, /ENOENT/)
})

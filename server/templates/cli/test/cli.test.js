'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { Readable } = require('node:stream')
const { stats } = require('../src/stats')
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

test('reads files and reports a missing one', async () => {
  const { io, out } = capture()
  assert.equal(await main([path.join(__dirname, '..', 'package.json')], io), 0)
  assert.match(out.stdout, /package\.json/)
  const failed = capture()
  assert.equal(await main(['does-not-exist.txt'], failed.io), 1)
  assert.match(failed.out.stderr, /ENOENT/)
})

test('prints help, and refuses unknown options', async () => {
  const help = capture()
  assert.equal(await main(['--help'], help.io), 0)
  assert.match(help.out.stdout, /Usage: __PROJECT_SLUG__/)
  const bad = capture()
  assert.equal(await main(['--nope'], bad.io), 2)
})

test('runs as a command', () => {
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', '__PROJECT_SLUG__.js'), '--json'], { input: 'hello world\n', encoding: 'utf8' })
  assert.equal(result.status, 0)
  assert.deepEqual(JSON.parse(result.stdout)[0].words, 2)
})

'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { Readable } = require('node:stream')
const { searchLines } = require('../src/search')
const { main } = require('../src/cli')
const { name: commandName } = require('../package.json')

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

const TEXT = 'first line\nSecond LINE\nthird\n'

test('finds the lines that contain a text, with their numbers', () => {
  assert.deepEqual(searchLines(TEXT, 'line'), [{ line: 1, text: 'first line' }])
  assert.deepEqual(searchLines(TEXT, 'line', { ignoreCase: true }).map((m) => m.line), [1, 2])
  assert.deepEqual(searchLines(TEXT, 'line', { ignoreCase: true, invert: true }), [{ line: 3, text: 'third' }])
  assert.deepEqual(searchLines('a.c\nabc\n', 'a.c'), [{ line: 1, text: 'a.c' }])
})

test('finds lines with a regular expression, and refuses a broken one', () => {
  assert.deepEqual(searchLines(TEXT, '^s', { regex: true, ignoreCase: true }).map((m) => m.line), [2])
  assert.throws(() => searchLines(TEXT, '[', { regex: true }), SyntaxError)
  assert.throws(() => searchLines(TEXT, ''), RangeError)
})

test('prints file:line: text for each match, counts, or JSON', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-'))
  const file = path.join(dir, 'notes.txt')
  fs.writeFileSync(file, TEXT)
  const { io, out } = capture()
  assert.equal(await main(['-i', 'line', file], io), 0)
  assert.equal(out.stdout, file + ':1: first line\n' + file + ':2: Second LINE\n')
  const counted = capture()
  assert.equal(await main(['--count', 'third', file], counted.io), 0)
  assert.equal(counted.out.stdout, file + ': 1\n')
  const json = capture(TEXT)
  assert.equal(await main(['--json', 'third'], json.io), 0)
  assert.deepEqual(JSON.parse(json.out.stdout), [{ file: '-', line: 3, text: 'third' }])
  const none = capture()
  assert.equal(await main([], none.io), 2)
  fs.rmSync(dir, { recursive: true, force: true })
})

test('runs as a command in a pipe', () => {
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', commandName + '.js'), 'b'], { input: 'a\nb\nab\n', encoding: 'utf8' })
  assert.equal(result.status, 0)
  assert.equal(result.stdout, '-:2: b\n-:3: ab\n')
})

'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { Readable } = require('node:stream')
const { replaceAll } = require('../src/replace')
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

test('replaces plain text everywhere, and counts', () => {
  assert.deepEqual(replaceAll('a.b a.b ab', 'a.b', 'X'), { text: 'X X ab', count: 2 })
  assert.deepEqual(replaceAll('Cat cat', 'cat', 'dog', { ignoreCase: true }), { text: 'dog dog', count: 2 })
  assert.deepEqual(replaceAll('cost: $5', '$5', '$6'), { text: 'cost: $6', count: 1 })
  assert.throws(() => replaceAll('x', '', 'y'), RangeError)
})

test('replaces with a regular expression and its groups', () => {
  assert.deepEqual(replaceAll('2024-05-01', '(\\d+)-(\\d+)-(\\d+)', '$3/$2/$1', { regex: true }), { text: '01/05/2024', count: 1 })
  assert.throws(() => replaceAll('x', '(', 'y', { regex: true }), SyntaxError)
})

test('prints the changed text of standard input', async () => {
  const { io, out } = capture('hello world\nhello again\n')
  assert.equal(await main(['hello', 'bye'], io), 0)
  assert.equal(out.stdout, 'bye world\nbye again\n')
  const missing = capture()
  assert.equal(await main(['only-one'], missing.io), 2)
})

test('changes files in place, and says how many it replaced', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replace-'))
  const file = path.join(dir, 'notes.txt')
  fs.writeFileSync(file, 'TODO: one\nTODO: two\n')
  const { io, out } = capture()
  assert.equal(await main(['--in-place', 'TODO', 'DONE', file], io), 0)
  assert.equal(fs.readFileSync(file, 'utf8'), 'DONE: one\nDONE: two\n')
  assert.equal(out.stdout, file + ': 2 replaced\n')
  const refused = capture()
  assert.equal(await main(['--in-place', 'a', 'b'], refused.io), 1)
  fs.rmSync(dir, { recursive: true, force: true })
})

test('runs as a command in a pipe', () => {
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', commandName + '.js'), '-i', 'RED', 'blue'], { input: 'red Red\n', encoding: 'utf8' })
  assert.equal(result.status, 0)
  assert.equal(result.stdout, 'blue blue\n')
})

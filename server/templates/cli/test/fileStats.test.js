'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { Readable } = require('node:stream')
const { statPath } = require('../src/fileStats')
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

/** A folder with two files, one of them in a subfolder. */
function sample() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-'))
  fs.writeFileSync(path.join(dir, 'a.txt'), 'one\ntwo\n')
  fs.mkdirSync(path.join(dir, 'sub'))
  fs.writeFileSync(path.join(dir, 'sub', 'b.txt'), 'x'.repeat(2000))
  return dir
}

test('gives a file its size and lines', async () => {
  const dir = sample()
  const stats = await statPath(path.join(dir, 'a.txt'))
  assert.deepEqual({ ...stats, modified: '' }, { path: path.join(dir, 'a.txt'), type: 'file', bytes: 8, files: 1, lines: 2, modified: '' })
  assert.ok(!Number.isNaN(Date.parse(stats.modified)))
  fs.rmSync(dir, { recursive: true, force: true })
})

test('adds up a directory, all its folders counted', async () => {
  const dir = sample()
  const stats = await statPath(dir)
  assert.deepEqual([stats.type, stats.bytes, stats.files, stats.lines], ['directory', 2008, 2, null])
  fs.rmSync(dir, { recursive: true, force: true })
})

test('prints a table or JSON, and reports a path that is not there', async () => {
  const dir = sample()
  const table = capture()
  assert.equal(await main([dir], table.io), 0)
  assert.match(table.out.stdout, /^ *2 KB +2 files +\S+ +.*stats-/)
  const json = capture()
  assert.equal(await main(['--json', path.join(dir, 'a.txt')], json.io), 0)
  assert.equal(JSON.parse(json.out.stdout)[0].lines, 2)
  const missing = capture()
  assert.equal(await main([path.join(dir, 'nothing')], missing.io), 1)
  assert.match(missing.out.stderr, /ENOENT/)
  fs.rmSync(dir, { recursive: true, force: true })
})

test('runs as a command', () => {
  const dir = sample()
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', commandName + '.js'), '--json', dir], { encoding: 'utf8' })
  assert.equal(result.status, 0)
  assert.equal(JSON.parse(result.stdout)[0].files, 2)
  fs.rmSync(dir, { recursive: true, force: true })
})

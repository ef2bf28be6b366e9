'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { Readable } = require('node:stream')
const { csvToJson } = require('../src/csvToJson')
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

test('converts CSV rows to objects keyed by the header', () => {
  assert.deepEqual(csvToJson('name,age\nAda,36\n"Hopper, Grace",85\n'), [
    { name: 'Ada', age: '36' },
    { name: 'Hopper, Grace', age: '85' },
  ])
  assert.deepEqual(csvToJson('a;b\n1;2', { delimiter: ';' }), [{ a: '1', b: '2' }])
  assert.deepEqual(csvToJson(''), [])
})

test('gives values their types when asked', () => {
  assert.deepEqual(csvToJson('n,ok,note,empty\n1.5,true,007x,\n', { types: true }), [{ n: 1.5, ok: true, note: '007x', empty: null }])
})

test('reads standard input and prints JSON', async () => {
  const { io, out } = capture('id,city\n1,Paris\n2,Oslo\n')
  assert.equal(await main(['--types', '--compact'], io), 0)
  assert.equal(out.stdout, '[{"id":1,"city":"Paris"},{"id":2,"city":"Oslo"}]\n')
})

test('reads a file, and reports one it cannot read or parse', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-'))
  const file = path.join(dir, 'people.csv')
  fs.writeFileSync(file, 'name\tage\nAda\t36\n')
  const { io, out } = capture()
  assert.equal(await main(['-d', '\t', file], io), 0)
  assert.deepEqual(JSON.parse(out.stdout), [{ name: 'Ada', age: '36' }])
  const missing = capture()
  assert.equal(await main([path.join(dir, 'missing.csv')], missing.io), 1)
  assert.match(missing.out.stderr, /ENOENT/)
  const broken = capture('a\n"open\n')
  assert.equal(await main([], broken.io), 1)
  assert.match(broken.out.stderr, /Unclosed quoted field/)
  fs.rmSync(dir, { recursive: true, force: true })
})

test('runs as a command in a pipe', () => {
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', commandName + '.js'), '--compact'], { input: 'x,y\n1,2\n', encoding: 'utf8' })
  assert.equal(result.status, 0)
  assert.deepEqual(JSON.parse(result.stdout), [{ x: '1', y: '2' }])
})

'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { Readable } = require('node:stream')
const { jsonToCsv } = require('../src/jsonToCsv')
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

test('converts objects to CSV with a header of every key', () => {
  assert.equal(jsonToCsv('[{"name":"Ada","age":36},{"name":"Hopper, Grace","city":"NYC"}]'), 'name,age,city\nAda,36,\n"Hopper, Grace",,NYC\n')
  assert.equal(jsonToCsv('{"a":1,"b":null}', { delimiter: ';' }), 'a;b\n1;\n')
  assert.equal(jsonToCsv('[]'), '')
})

test('refuses input that is not JSON, or not objects', () => {
  assert.throws(() => jsonToCsv('{nope'), /not JSON/)
  assert.throws(() => jsonToCsv('[1, 2]'), /array of objects/)
})

test('reads a file or standard input, and reports what it cannot convert', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json-'))
  const file = path.join(dir, 'people.json')
  fs.writeFileSync(file, JSON.stringify([{ id: 1, tags: ['a', 'b'] }]))
  const { io, out } = capture()
  assert.equal(await main([file], io), 0)
  assert.equal(out.stdout, 'id,tags\n1,"[""a"",""b""]"\n')
  const broken = capture('not json')
  assert.equal(await main([], broken.io), 1)
  assert.match(broken.out.stderr, /not JSON/)
  const tooMany = capture()
  assert.equal(await main([file, file], tooMany.io), 2)
  fs.rmSync(dir, { recursive: true, force: true })
})

test('runs as a command in a pipe', () => {
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', commandName + '.js')], { input: '[{"x":1,"y":2}]', encoding: 'utf8' })
  assert.equal(result.status, 0)
  assert.equal(result.stdout, 'x,y\n1,2\n')
})

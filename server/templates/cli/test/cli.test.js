'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { Readable } = require('node:stream')
const { main } = require('../src/cli')
const { name: commandName, version } = require('../package.json')

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

test('prints its help and its version', async () => {
  const help = capture()
  assert.equal(await main(['--help'], help.io), 0)
  assert.match(help.out.stdout, new RegExp('^Usage: ' + commandName + ' '))
  assert.match(help.out.stdout, /--version/)
  const shown = capture()
  assert.equal(await main(['-v'], shown.io), 0)
  assert.equal(shown.out.stdout, version + '\n')
})

test('refuses an unknown option with the usage and exit code 2', async () => {
  const bad = capture()
  assert.equal(await main(['--nope'], bad.io), 2)
  assert.match(bad.out.stderr, /Usage: /)
})

test('runs as a command', () => {
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', commandName + '.js'), '--help'], { encoding: 'utf8' })
  assert.equal(result.status, 0)
  assert.match(result.stdout, /^Usage: /)
})

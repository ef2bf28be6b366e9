'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { once } = require('node:events')
const { createApp } = require('../src/app')
const { resources } = require('../src/resources')

/**
 * Starts the API on a free port, runs `fn` with its address, then stops it.
 * @param {(base: string) => Promise<void>} fn
 */
async function withApi(fn) {
  const server = createApp().listen(0, '127.0.0.1')
  await once(server, 'listening')
  try {
    // Listening on a TCP port (not a pipe), the server's address is an AddressInfo.
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
    await fn('http://127.0.0.1:' + port)
  } finally {
    server.close()
  }
}

test('reports its health', () =>
  withApi(async (base) => {
    const res = await fetch(base + '/health')
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { status: 'ok' })
    assert.equal((await fetch(base + '/health', { method: 'POST' })).status, 405)
  }))

test('answers 404 for a path that is no collection', () =>
  withApi(async (base) => {
    const res = await fetch(base + '/nowhere')
    assert.equal(res.status, 404)
    assert.deepEqual(await res.json(), { error: 'Not found' })
    assert.equal((await fetch(base + '/')).status, 404)
  }))

test('refuses a body that is not JSON, and a method a collection does not have', () =>
  withApi(async (base) => {
    for (const resource of resources) {
      const path = base + '/' + resource.name
      const invalid = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
      assert.equal(invalid.status, 400)
      assert.deepEqual(await invalid.json(), { error: 'Body is not valid JSON' })
      const list = await fetch(path, { method: 'POST', body: '[]' })
      assert.deepEqual(await list.json(), { error: 'Expected a JSON object' })
      assert.equal((await fetch(path, { method: 'DELETE' })).status, 405)
    }
  }))

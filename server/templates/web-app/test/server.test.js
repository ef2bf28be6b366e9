'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { once } = require('node:events')
const { createServer } = require('../server')
const { resources } = require('../src/resources')

/**
 * Starts the app on a free port, runs `fn` with its address, then stops it.
 * @param {(base: string) => Promise<void>} fn
 */
async function withServer(fn) {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  try {
    // Listening on a TCP port (not a pipe), the server's address is an AddressInfo.
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
    await fn('http://127.0.0.1:' + port)
  } finally {
    server.close()
    server.closeAllConnections()
  }
}

test('serves the page, with a section and a form for each collection', () =>
  withServer(async (base) => {
    const res = await fetch(base + '/')
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') || '', /^text\/html/)
    const page = await res.text()
    for (const resource of resources) {
      assert.ok(page.includes('data-collection="' + resource.name + '"'), resource.name)
      for (const field of Object.keys(resource.fields)) assert.ok(page.includes('name="' + field + '"'), resource.name + ' ' + field)
    }
    assert.equal((await fetch(base + '/app.js')).status, 200)
    assert.equal((await fetch(base + '/styles.css')).status, 200)
  }))

test('answers 404 outside the public folder and for an unknown API path', () =>
  withServer(async (base) => {
    assert.equal((await fetch(base + '/../package.json')).status, 404)
    assert.equal((await fetch(base + '/%2e%2e/package.json')).status, 404)
    assert.equal((await fetch(base + '/missing.html')).status, 404)
    const api = await fetch(base + '/api/nowhere')
    assert.equal(api.status, 404)
    assert.deepEqual(await api.json(), { error: 'Not found' })
  }))

test('answers 400 for a body that is not JSON, and 405 for a method it does not serve', () =>
  withServer(async (base) => {
    for (const resource of resources) {
      const invalid = await fetch(base + '/api/' + resource.name, { method: 'POST', body: 'not json' })
      assert.equal(invalid.status, 400)
      assert.deepEqual(await invalid.json(), { error: 'Body is not valid JSON' })
    }
    assert.equal((await fetch(base + '/', { method: 'POST' })).status, 405)
  }))

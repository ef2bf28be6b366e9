'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { once } = require('node:events')
const { createServer } = require('../server')

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
  }
}

test('serves the page', () =>
  withServer(async (base) => {
    const res = await fetch(base + '/')
    assert.equal(res.status, 200)
    assert.match(await res.text(), /<form id="add-form">/)
  }))

test('creates, lists, updates and deletes items through the API', () =>
  withServer(async (base) => {
    const created = await fetch(base + '/api/items', { method: 'POST', body: JSON.stringify({ title: 'Buy milk' }) })
    assert.equal(created.status, 201)
    const item = await created.json()
    const updated = await fetch(base + '/api/items/' + item.id, { method: 'PATCH', body: JSON.stringify({ done: true }) })
    assert.equal((await updated.json()).done, true)
    const items = /** @type {import('../src/store').Item[]} */ (await (await fetch(base + '/api/items')).json())
    assert.deepEqual(items.map((i) => i.title), ['Buy milk'])
    assert.equal((await fetch(base + '/api/items/' + item.id, { method: 'DELETE' })).status, 204)
    assert.equal((await fetch(base + '/api/items/' + item.id, { method: 'DELETE' })).status, 404)
  }))

test('answers 400 for an invalid item and 404 outside the public folder', () =>
  withServer(async (base) => {
    assert.equal((await fetch(base + '/api/items', { method: 'POST', body: '{"title":""}' })).status, 400)
    assert.equal((await fetch(base + '/api/items', { method: 'POST', body: 'not json' })).status, 400)
    assert.equal((await fetch(base + '/../package.json')).status, 404)
  }))

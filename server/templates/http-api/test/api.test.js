'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { once } = require('node:events')
const { createApp } = require('../src/app')

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

/**
 * @param {string} method
 * @param {unknown} body sent as JSON
 */
const json = (method, body) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

test('reports its health', () =>
  withApi(async (base) => {
    const res = await fetch(base + '/health')
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { status: 'ok' })
  }))

test('creates, reads, replaces and deletes a resource', () =>
  withApi(async (base) => {
    const created = await fetch(base + '/resources', json('POST', { name: ' First ', notes: 'hello' }))
    assert.equal(created.status, 201)
    const resource = await created.json()
    assert.equal(resource.name, 'First')
    assert.deepEqual((await (await fetch(base + '/resources')).json()).data, [resource])
    const replaced = await fetch(base + '/resources/' + resource.id, json('PUT', { name: 'Renamed' }))
    assert.equal((await replaced.json()).name, 'Renamed')
    assert.equal((await fetch(base + '/resources/' + resource.id, { method: 'DELETE' })).status, 204)
    assert.equal((await fetch(base + '/resources/' + resource.id)).status, 404)
  }))

test('answers clear errors for bad input', () =>
  withApi(async (base) => {
    const blank = await fetch(base + '/resources', json('POST', { name: '' }))
    assert.equal(blank.status, 400)
    assert.deepEqual(await blank.json(), { error: 'name is required' })
    assert.equal((await fetch(base + '/resources', { method: 'POST', body: '{' })).status, 400)
    assert.equal((await fetch(base + '/resources', { method: 'PATCH' })).status, 405)
    assert.equal((await fetch(base + '/nowhere')).status, 404)
  }))

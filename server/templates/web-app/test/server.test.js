'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { once } = require('node:events')
const { createServer } = require('../server')

async function withServer(fn) {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  try {
    await fn('http://127.0.0.1:' + server.address().port)
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
    assert.deepEqual((await (await fetch(base + '/api/items')).json()).map((i) => i.title), ['Buy milk'])
    assert.equal((await fetch(base + '/api/items/' + item.id, { method: 'DELETE' })).status, 204)
    assert.equal((await fetch(base + '/api/items/' + item.id, { method: 'DELETE' })).status, 404)
  }))

test('answers 400 for an invalid item and 404 outside the public folder', () =>
  withServer(async (base) => {
    assert.equal((await fetch(base + '/api/items', { method: 'POST', body: '{"title":""}' })).status, 400)
    assert.equal((await fetch(base + '/api/items', { method: 'POST', body: 'not json' })).status, 400)
    assert.equal((await fetch(base + '/../package.json')).status, 404)
  }))

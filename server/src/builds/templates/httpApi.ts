import type { ProjectFile } from '../archive'
import { gitignore, packageJson, readme, type Template } from './common'

const app = `'use strict'

const http = require('node:http')

const MAX_BODY = 64 * 1024
const MAX_NAME_LENGTH = 200

class HttpError extends Error {
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks = []
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY) reject(new HttpError(413, 'Body too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {})
      } catch {
        reject(new HttpError(400, 'Body is not valid JSON'))
      }
    })
    req.on('error', reject)
  })
}

function validResource(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Expected a JSON object')
  if (typeof body.name !== 'string' || body.name.trim() === '') throw new HttpError(400, 'name is required')
  if (body.name.trim().length > MAX_NAME_LENGTH) throw new HttpError(400, 'name must be at most ' + MAX_NAME_LENGTH + ' characters')
  const notes = body.notes === undefined ? '' : body.notes
  if (typeof notes !== 'string') throw new HttpError(400, 'notes must be a string')
  return { name: body.name.trim(), notes }
}

/**
 * A JSON API over an in-memory collection of resources:
 * GET /health, GET /resources, POST /resources, GET|PUT|DELETE /resources/:id.
 */
function createApp() {
  const resources = new Map()
  let nextId = 1

  async function route(req) {
    const { pathname } = new URL(req.url, 'http://localhost')
    if (pathname === '/health') {
      if (req.method !== 'GET') throw new HttpError(405, 'Method not allowed')
      return [200, { status: 'ok' }]
    }
    if (pathname === '/resources') {
      if (req.method === 'GET') return [200, { data: [...resources.values()] }]
      if (req.method === 'POST') {
        const resource = { id: nextId++, ...validResource(await readJson(req)), createdAt: new Date().toISOString() }
        resources.set(resource.id, resource)
        return [201, resource]
      }
      throw new HttpError(405, 'Method not allowed')
    }
    const match = /^\\/resources\\/(\\d+)$/.exec(pathname)
    if (!match) throw new HttpError(404, 'Not found')
    const id = Number(match[1])
    const resource = resources.get(id)
    if (!resource) throw new HttpError(404, 'Not found')
    if (req.method === 'GET') return [200, resource]
    if (req.method === 'PUT') {
      Object.assign(resource, validResource(await readJson(req)))
      return [200, resource]
    }
    if (req.method === 'DELETE') {
      resources.delete(id)
      return [204, undefined]
    }
    throw new HttpError(405, 'Method not allowed')
  }

  return http.createServer((req, res) => {
    route(req).then(
      ([status, body]) => {
        res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' })
        res.end(body === undefined ? undefined : JSON.stringify(body))
      },
      (error) => {
        const status = error instanceof HttpError ? error.status : 500
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ error: status === 500 ? 'Internal server error' : error.message }))
      },
    )
  })
}

module.exports = { createApp, HttpError }
`

const server = `'use strict'

const { createApp } = require('./app')

const port = Number(process.env.PORT) || 3000
createApp().listen(port, () => console.log('API listening on http://localhost:' + port))
`

const test = `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { once } = require('node:events')
const { createApp } = require('../src/app')

async function withApi(fn) {
  const server = createApp().listen(0, '127.0.0.1')
  await once(server, 'listening')
  try {
    await fn('http://127.0.0.1:' + server.address().port)
  } finally {
    server.close()
  }
}

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
`

export const httpApiTemplate: Template = {
  kind: 'http-api',
  summary: 'An HTTP JSON API with a health check and create, read, update and delete endpoints for one resource, on a zero-dependency Node.js server.',
  run: '```sh\nnpm start\n```\n\nThe API listens on <http://localhost:3000> (set `PORT` to change it): try `curl localhost:3000/health`.',
  files(spec): ProjectFile[] {
    return [
      readme(spec, this, [
        ['src/app.js', 'the routes: `GET /health`, `GET`/`POST /resources`, `GET`/`PUT`/`DELETE /resources/:id`'],
        ['src/server.js', 'starts the API on `PORT` (default 3000)'],
        ['test/api.test.js', 'tests that start the API on a free port and call every route'],
      ]),
      packageJson(spec, this.summary, { main: 'src/app.js' }, { start: 'node src/server.js' }),
      gitignore,
      { path: 'src/app.js', content: app },
      { path: 'src/server.js', content: server },
      { path: 'test/api.test.js', content: test },
    ]
  },
}

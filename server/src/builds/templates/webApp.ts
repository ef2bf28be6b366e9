import type { ProjectFile } from '../archive'
import { gitignore, packageJson, readme, type ProjectSpec, type Template } from './common'

const store = `'use strict'

const MAX_TITLE_LENGTH = 200

/** An in-memory list of items, each { id, title, done, createdAt }. */
function createStore() {
  const items = new Map()
  let nextId = 1

  function validTitle(title) {
    if (typeof title !== 'string' || title.trim() === '') throw new TypeError('title is required')
    if (title.trim().length > MAX_TITLE_LENGTH) throw new TypeError('title must be at most ' + MAX_TITLE_LENGTH + ' characters')
    return title.trim()
  }

  return {
    list() {
      return [...items.values()]
    },
    add(title) {
      const item = { id: nextId++, title: validTitle(title), done: false, createdAt: new Date().toISOString() }
      items.set(item.id, item)
      return item
    },
    update(id, changes) {
      const item = items.get(id)
      if (!item) return undefined
      if (changes.title !== undefined) item.title = validTitle(changes.title)
      if (changes.done !== undefined) item.done = Boolean(changes.done)
      return item
    },
    remove(id) {
      return items.delete(id)
    },
  }
}

module.exports = { createStore, MAX_TITLE_LENGTH }
`

const server = `'use strict'

const http = require('node:http')
const fs = require('node:fs/promises')
const path = require('node:path')
const { createStore } = require('./src/store')

const PUBLIC_DIR = path.join(__dirname, 'public')
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }
const MAX_BODY = 64 * 1024

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks = []
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY) reject(new Error('body too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {})
      } catch {
        reject(new Error('invalid JSON'))
      }
    })
    req.on('error', reject)
  })
}

async function serveStatic(res, pathname) {
  const file = pathname === '/' ? 'index.html' : pathname.slice(1)
  const resolved = path.join(PUBLIC_DIR, file)
  if (!resolved.startsWith(PUBLIC_DIR + path.sep)) return send(res, 404, { error: 'Not found' })
  try {
    const body = await fs.readFile(resolved)
    res.writeHead(200, { 'content-type': TYPES[path.extname(resolved)] || 'application/octet-stream' })
    res.end(body)
  } catch {
    send(res, 404, { error: 'Not found' })
  }
}

/** The app: the page in public/, and a JSON API for its items at /api/items. */
function createServer(store = createStore()) {
  return http.createServer(async (req, res) => {
    const { pathname } = new URL(req.url, 'http://localhost')
    try {
      if (pathname === '/api/items' && req.method === 'GET') return send(res, 200, store.list())
      if (pathname === '/api/items' && req.method === 'POST') {
        const body = await readJson(req)
        return send(res, 201, store.add(body.title))
      }
      const match = /^\\/api\\/items\\/(\\d+)$/.exec(pathname)
      if (match && req.method === 'PATCH') {
        const item = store.update(Number(match[1]), await readJson(req))
        return item ? send(res, 200, item) : send(res, 404, { error: 'Not found' })
      }
      if (match && req.method === 'DELETE') {
        return store.remove(Number(match[1])) ? send(res, 204, {}) : send(res, 404, { error: 'Not found' })
      }
      if (pathname.startsWith('/api/')) return send(res, 404, { error: 'Not found' })
      if (req.method === 'GET') return serveStatic(res, pathname)
      send(res, 405, { error: 'Method not allowed' })
    } catch (error) {
      send(res, 400, { error: error.message })
    }
  })
}

if (require.main === module) {
  const port = Number(process.env.PORT) || 3000
  createServer().listen(port, () => console.log('Listening on http://localhost:' + port))
}

module.exports = { createServer }
`

const html = (spec: ProjectSpec): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${spec.title}</title>
    <link rel="stylesheet" href="/styles.css" />
  </head>
  <body>
    <main>
      <h1>${spec.title}</h1>
      <form id="add-form">
        <label for="title">New item</label>
        <input id="title" name="title" maxlength="200" required autocomplete="off" />
        <button type="submit">Add</button>
      </form>
      <p id="status" role="status"></p>
      <ul id="items"></ul>
    </main>
    <script src="/app.js"></script>
  </body>
</html>
`

const clientScript = `'use strict'

const list = document.getElementById('items')
const form = document.getElementById('add-form')
const input = document.getElementById('title')
const status = document.getElementById('status')

async function api(method, url, body) {
  const res = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error((await res.json()).error || 'Request failed')
  return res.status === 204 ? null : res.json()
}

function render(items) {
  list.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement('li')
      const box = document.createElement('input')
      box.type = 'checkbox'
      box.checked = item.done
      box.setAttribute('aria-label', 'Done: ' + item.title)
      box.addEventListener('change', () => api('PATCH', '/api/items/' + item.id, { done: box.checked }).then(load, show))
      const text = document.createElement('span')
      text.textContent = item.title
      if (item.done) text.className = 'done'
      const remove = document.createElement('button')
      remove.textContent = 'Delete'
      remove.addEventListener('click', () => api('DELETE', '/api/items/' + item.id).then(load, show))
      li.append(box, text, remove)
      return li
    }),
  )
  status.textContent = items.length === 0 ? 'Nothing here yet.' : items.length + ' item(s)'
}

function show(error) {
  status.textContent = error.message
}

function load() {
  return api('GET', '/api/items').then(render, show)
}

form.addEventListener('submit', (event) => {
  event.preventDefault()
  api('POST', '/api/items', { title: input.value })
    .then(() => {
      input.value = ''
      return load()
    })
    .catch(show)
})

load()
`

const styles = `body { font-family: system-ui, sans-serif; margin: 0; background: #f5f7fb; color: #1f2933; }
main { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
form { display: flex; gap: 0.5rem; align-items: center; }
input[name="title"] { flex: 1; padding: 0.5rem; }
button { padding: 0.5rem 1rem; cursor: pointer; }
ul { list-style: none; padding: 0; }
li { display: flex; gap: 0.75rem; align-items: center; padding: 0.5rem 0; border-bottom: 1px solid #d9e2ec; }
li span { flex: 1; }
.done { text-decoration: line-through; color: #829ab1; }
`

const storeTest = `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { createStore } = require('../src/store')

test('adds items with trimmed titles, not done', () => {
  const store = createStore()
  const item = store.add('  Write the README  ')
  assert.equal(item.title, 'Write the README')
  assert.equal(item.done, false)
  assert.deepEqual(store.list(), [item])
})

test('refuses a blank or too long title', () => {
  const store = createStore()
  assert.throws(() => store.add('   '), /title is required/)
  assert.throws(() => store.add('x'.repeat(201)), /at most 200/)
})

test('marks items done and removes them', () => {
  const store = createStore()
  const item = store.add('Ship it')
  assert.equal(store.update(item.id, { done: true }).done, true)
  assert.equal(store.update(999, { done: true }), undefined)
  assert.equal(store.remove(item.id), true)
  assert.equal(store.remove(item.id), false)
  assert.deepEqual(store.list(), [])
})
`

const serverTest = `'use strict'

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
`

export const webAppTemplate: Template = {
  kind: 'web-app',
  summary:
    'A small web app: a page that lists, adds, completes and deletes items, served with a JSON API by a zero-dependency Node.js server.',
  run: '```sh\nnpm start\n```\n\nThen open <http://localhost:3000> (set `PORT` to use another port).',
  files(spec): ProjectFile[] {
    return [
      readme(spec, this, [
        ['server.js', 'the HTTP server: static files from `public/` and the JSON API `/api/items`'],
        ['src/store.js', 'the items and their rules (a title is required, at most 200 characters)'],
        ['public/', 'the page, its script and its styles'],
        ['test/', 'tests for the store and the server'],
      ]),
      packageJson(spec, this.summary, { main: 'server.js' }, { start: 'node server.js' }),
      gitignore,
      { path: 'server.js', content: server },
      { path: 'src/store.js', content: store },
      { path: 'public/index.html', content: html(spec) },
      { path: 'public/app.js', content: clientScript },
      { path: 'public/styles.css', content: styles },
      { path: 'test/store.test.js', content: storeTest },
      { path: 'test/server.test.js', content: serverTest },
    ]
  },
}

'use strict'

const http = require('node:http')
const fs = require('node:fs/promises')
const path = require('node:path')
const { createStore } = require('./src/store')

const PUBLIC_DIR = path.join(__dirname, 'public')
/** @type {Record<string, string | undefined>} */
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }
const MAX_BODY = 64 * 1024

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {unknown} body sent as JSON
 */
function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

/**
 * The request's body parsed as JSON (`{}` when there is none), of at most MAX_BODY bytes.
 * @param {http.IncomingMessage} req
 * @returns {Promise<unknown>}
 */
function readJson(req) {
  return new Promise((resolve, reject) => {
    let size = 0
    /** @type {Buffer[]} */
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

/**
 * Answers with the file at `pathname` in public/ (index.html for `/`), or 404.
 * @param {http.ServerResponse} res
 * @param {string} pathname
 */
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

/**
 * The app: the page in public/, and a JSON API for its items at /api/items.
 * @param {import('./src/store').Store} [store]
 */
function createServer(store = createStore()) {
  return http.createServer(async (req, res) => {
    // A server's requests always have a url: only a client's responses have none.
    const { pathname } = new URL(/** @type {string} */ (req.url), 'http://localhost')
    try {
      if (pathname === '/api/items' && req.method === 'GET') return send(res, 200, store.list())
      if (pathname === '/api/items' && req.method === 'POST') {
        // The store checks the title, so a body that is not an object is answered 400 too.
        const body = /** @type {import('./src/store').ItemChanges} */ (await readJson(req))
        return send(res, 201, store.add(body.title))
      }
      const match = /^\/api\/items\/(\d+)$/.exec(pathname)
      if (match && req.method === 'PATCH') {
        const item = store.update(Number(match[1]), /** @type {import('./src/store').ItemChanges} */ (await readJson(req)))
        return item ? send(res, 200, item) : send(res, 404, { error: 'Not found' })
      }
      if (match && req.method === 'DELETE') {
        return store.remove(Number(match[1])) ? send(res, 204, {}) : send(res, 404, { error: 'Not found' })
      }
      if (pathname.startsWith('/api/')) return send(res, 404, { error: 'Not found' })
      if (req.method === 'GET') return serveStatic(res, pathname)
      send(res, 405, { error: 'Method not allowed' })
    } catch (error) {
      send(res, 400, { error: error instanceof Error ? error.message : String(error) })
    }
  })
}

if (require.main === module) {
  const port = Number(process.env.PORT) || 3000
  createServer().listen(port, () => console.log('Listening on http://localhost:' + port))
}

module.exports = { createServer }

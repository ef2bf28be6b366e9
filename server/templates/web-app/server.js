'use strict'

const http = require('node:http')
const fs = require('node:fs/promises')
const path = require('node:path')
const { resources } = require('./src/resources')
const { createRoutes, send, HttpError } = require('./src/routes')

const PUBLIC_DIR = path.join(__dirname, 'public')
/** @type {Record<string, string | undefined>} */
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

/**
 * Answers with the file at `pathname` in public/ (index.html for `/`), or 404.
 * @param {http.ServerResponse} res
 * @param {string} pathname
 */
async function serveStatic(res, pathname) {
  const file = pathname === '/' ? 'index.html' : pathname.slice(1)
  const resolved = path.join(PUBLIC_DIR, file)
  if (!resolved.startsWith(PUBLIC_DIR + path.sep)) return send(res, new HttpError(404, 'Not found'))
  try {
    const body = await fs.readFile(resolved)
    res.writeHead(200, { 'content-type': TYPES[path.extname(resolved)] || 'application/octet-stream' })
    res.end(body)
  } catch {
    send(res, new HttpError(404, 'Not found'))
  }
}

/**
 * The app: the page in public/, and for each collection in src/resources.js its JSON API at
 * /api/<name> (GET, POST) and /api/<name>/:id (GET, PUT, PATCH, DELETE).
 * @param {import('./src/store').Resource[]} [definitions] the collections (default: src/resources.js)
 */
function createServer(definitions = resources) {
  const { route } = createRoutes(definitions)
  return http.createServer(async (req, res) => {
    // A server's requests always have a url: only a client's responses have none.
    const { pathname } = new URL(/** @type {string} */ (req.url), 'http://localhost')
    try {
      if (pathname.startsWith('/api/')) {
        const answered = await route(req, pathname.slice('/api'.length))
        return send(res, answered ?? new HttpError(404, 'Not found'))
      }
      if (req.method === 'GET') return await serveStatic(res, pathname)
      send(res, new HttpError(405, 'Method not allowed'))
    } catch (error) {
      send(res, error instanceof Error ? error : new Error(String(error)))
    }
  })
}

if (require.main === module) {
  // PORT is a port number, or the path of a Unix socket (as a preview gives it).
  const port = /^\d+$/.test(process.env.PORT || '') ? Number(process.env.PORT) : process.env.PORT || 3000
  createServer().listen(port, () => console.log(typeof port === 'number' ? 'Listening on http://localhost:' + port : 'Listening on ' + port))
}

module.exports = { createServer }

'use strict'

const http = require('node:http')
const { resources } = require('./resources')
const { createRoutes, send, HttpError } = require('./routes')

/**
 * The JSON API: GET /health, and for each collection in ./resources, GET and POST /<name> and
 * GET, PUT, PATCH and DELETE /<name>/:id, each collection with its own in-memory storage.
 * @param {import('./store').Resource[]} [definitions] the collections (default: ./resources)
 */
function createApp(definitions = resources) {
  const { route } = createRoutes(definitions)

  /**
   * @param {http.IncomingMessage} req
   * @returns {Promise<[number, unknown]>}
   */
  async function answer(req) {
    // A server's requests always have a url: only a client's responses have none.
    const { pathname } = new URL(/** @type {string} */ (req.url), 'http://localhost')
    if (pathname === '/health') {
      if (req.method !== 'GET') throw new HttpError(405, 'Method not allowed')
      return [200, { status: 'ok' }]
    }
    const answered = await route(req, pathname)
    if (!answered) throw new HttpError(404, 'Not found')
    return answered
  }

  return http.createServer((req, res) => {
    answer(req).then(
      (result) => send(res, result),
      (error) => send(res, error instanceof Error ? error : new Error(String(error))),
    )
  })
}

module.exports = { createApp }

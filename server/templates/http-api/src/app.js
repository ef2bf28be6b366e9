'use strict'

const http = require('node:http')

const MAX_BODY = 64 * 1024
const MAX_NAME_LENGTH = 200

/** An error answered with its HTTP status and its message. */
class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message)
    this.status = status
  }
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

/**
 * @typedef {object} Resource
 * @property {number} id
 * @property {string} name
 * @property {string} notes
 * @property {string} createdAt when it was created, in ISO 8601
 */

/**
 * The fields of a resource that a client sends, checked.
 * @param {unknown} body
 * @returns {Pick<Resource, 'name' | 'notes'>}
 */
function validResource(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Expected a JSON object')
  // Any JSON object: its fields are checked one by one below.
  const fields = /** @type {Record<string, unknown>} */ (body)
  if (typeof fields.name !== 'string' || fields.name.trim() === '') throw new HttpError(400, 'name is required')
  if (fields.name.trim().length > MAX_NAME_LENGTH) throw new HttpError(400, 'name must be at most ' + MAX_NAME_LENGTH + ' characters')
  const notes = fields.notes === undefined ? '' : fields.notes
  if (typeof notes !== 'string') throw new HttpError(400, 'notes must be a string')
  return { name: fields.name.trim(), notes }
}

/**
 * A JSON API over an in-memory collection of resources:
 * GET /health, GET /resources, POST /resources, GET|PUT|DELETE /resources/:id.
 */
function createApp() {
  /** @type {Map<number, Resource>} */
  const resources = new Map()
  let nextId = 1

  /**
   * The status and the JSON body (none when `undefined`) that answer `req`.
   * @param {http.IncomingMessage} req
   * @returns {Promise<[number, unknown]>}
   */
  async function route(req) {
    // A server's requests always have a url: only a client's responses have none.
    const { pathname } = new URL(/** @type {string} */ (req.url), 'http://localhost')
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
    const match = /^\/resources\/(\d+)$/.exec(pathname)
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

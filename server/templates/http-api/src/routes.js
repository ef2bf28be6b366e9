'use strict'

const { createCollection, ValidationError } = require('./store')

const MAX_BODY = 64 * 1024

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
 * @param {import('node:http').IncomingMessage} req
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
 * The routes of each collection, each with its own in-memory storage:
 * GET and POST /<name>, and GET, PUT, PATCH and DELETE /<name>/:id.
 * @param {import('./store').Resource[]} resources
 */
function createRoutes(resources) {
  /** @type {Map<string, import('./store').Collection>} */
  const collections = new Map()
  // Each collection checks its references against the others.
  for (const resource of resources) collections.set(resource.name, createCollection(resource, collections))

  /**
   * Refuses to delete a record that another still refers to (a book on loan): 409, saying which.
   * @param {import('./store').Collection} collection
   * @param {number} id
   */
  function refuseIfReferred(collection, id) {
    for (const other of collections.values()) {
      const found = other.referring(collection.resource.name, id)
      if (found) {
        const what = collection.resource.singular + ' ' + id
        throw new HttpError(409, 'The ' + what + ' is referred to by the ' + other.resource.singular + ' ' + found.row.id + ' (' + found.field + '): change or delete that first')
      }
    }
  }

  /**
   * The status and JSON body (none when `undefined`) that answer `req` for `path`, a path
   * inside the collections ('/books/1'); undefined when no collection has that path.
   * @param {import('node:http').IncomingMessage} req
   * @param {string} path
   * @returns {Promise<[number, unknown] | undefined>}
   */
  async function route(req, path) {
    const [, name = '', id, ...rest] = path.split('/')
    const collection = collections.get(name)
    if (!collection || rest.length > 0) return undefined
    if (id === undefined || id === '') {
      if (req.method === 'GET') return [200, { data: collection.list() }]
      if (req.method === 'POST') return [201, collection.create(await readJson(req))]
      throw new HttpError(405, 'Method not allowed')
    }
    if (!/^[1-9]\d{0,15}$/.test(id)) return undefined
    const missing = new HttpError(404, 'No ' + collection.resource.singular + ' with the id ' + id)
    if (req.method === 'GET') {
      const found = collection.get(Number(id))
      if (!found) throw missing
      return [200, found]
    }
    if (req.method === 'PUT' || req.method === 'PATCH') {
      const body = await readJson(req)
      const changed = req.method === 'PUT' ? collection.replace(Number(id), body) : collection.update(Number(id), body)
      if (!changed) throw missing
      return [200, changed]
    }
    if (req.method === 'DELETE') {
      if (!collection.get(Number(id))) throw missing
      refuseIfReferred(collection, Number(id))
      collection.remove(Number(id))
      return [204, undefined]
    }
    throw new HttpError(405, 'Method not allowed')
  }

  return { collections, route }
}

/**
 * Sends `body` as JSON with `status` (nothing for 204), or an error as `{ error }`: its message
 * for an HttpError or an invalid record (400), a plain 500 for anything else, which is a bug.
 * @param {import('node:http').ServerResponse} res
 * @param {[number, unknown] | Error} answer
 */
function send(res, answer) {
  if (answer instanceof Error) {
    const status = answer instanceof HttpError ? answer.status : answer instanceof ValidationError ? 400 : 500
    if (status === 500) console.error(answer)
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify({ error: status === 500 ? 'Internal server error' : answer.message }))
    return
  }
  const [status, body] = answer
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' })
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

module.exports = { createRoutes, readJson, send, HttpError }

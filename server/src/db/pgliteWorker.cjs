'use strict'

/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs every
 * statement on the thread that holds it, and its files are read and written synchronously. Held
 * here, a long query or a burst of writes (builds, checkpoints, archives) no longer stops the
 * server's event loop: the server sends statements and gets rows back (pgliteThread.ts).
 *
 * Messages in: { id, op: 'query', tx?, text, params } | { id, op: 'exec', tx?, sql } |
 * { id, op: 'begin' } | { id, op: 'end', tx, commit } | { id, op: 'close' }.
 * Messages out: { ready: true } or { failed: error } once at start; then { id, ok: true, value }
 * or { id, ok: false, error } per message.
 */
const { parentPort, workerData } = require('node:worker_threads')
const { PGlite } = require('@electric-sql/pglite')
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm')

/** An error as plain data: its message, name and the fields PostgreSQL sets (code, detail, constraint, ...). */
const plainError = (error) => {
  if (!(error instanceof Error)) {
    // Its file system's errors are plain objects: { name: 'ErrnoError', errno }.
    const { name, errno, message } = typeof error === 'object' && error !== null ? error : {}
    return { name: 'Error', message: typeof message === 'string' ? message : [name, errno === undefined ? undefined : `(errno ${errno})`].filter(Boolean).join(' ') || String(error) }
  }
  const fields = { name: error.name, message: error.message }
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  }
  return fields
}

/** The open transactions, by id: the statements meant for each, and how each ends. */
const transactions = new Map()
let nextTransaction = 1

const run = async (pg, message) => {
  const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx
  if (!target) throw new Error(`The transaction ${message.tx} has ended.`)
  switch (message.op) {
    case 'query': {
      const { rows } = await target.query(message.text, message.params)
      return rows
    }
    case 'exec':
      await target.exec(message.sql)
      return null
    default:
      throw new Error(`Unknown database operation: ${message.op}`)
  }
}

/** Opens a transaction and answers with its id once it has begun; it ends when `end` comes. */
const begin = (pg) =>
  new Promise((resolve, reject) => {
    const id = nextTransaction++
    let begun = false
    const done = pg
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            begun = true
            transactions.set(id, { tx, commit, rollback, done })
            resolve(id)
          }),
      )
      .finally(() => transactions.delete(id))
    // Its end is answered by `end`; here only a failure to begin at all.
    done.catch((error) => {
      if (!begun) reject(error)
    })
  })

const end = async (message) => {
  const open = transactions.get(message.tx)
  if (!open) throw new Error(`The transaction ${message.tx} has ended.`)
  if (message.commit) {
    open.commit(null)
    await open.done
    return null
  }
  open.rollback(new Error('rolled back'))
  // Rolled back as asked: its rejection is the rollback, not a failure.
  await open.done.catch(() => undefined)
  return null
}

const main = async () => {
  let pg
  try {
    pg = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm } })
  } catch (error) {
    parentPort.postMessage({ failed: plainError(error) })
    return
  }
  parentPort.on('message', (message) => {
    const work =
      message.op === 'begin' ? begin(pg) : message.op === 'end' ? end(message) : message.op === 'close' ? (pg.closed ? Promise.resolve(null) : pg.close().then(() => null)) : run(pg, message)
    work.then(
      (value) => parentPort.postMessage({ id: message.id, ok: true, value }),
      (error) => parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) }),
    )
  })
  parentPort.postMessage({ ready: true })
}

void main()

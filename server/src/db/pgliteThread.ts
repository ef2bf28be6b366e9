import { AsyncLocalStorage } from 'node:async_hooks'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Database, Queryable } from './types'

/** The thread that holds PGlite (plain JavaScript: a worker thread loads it as it is, under any loader). */
const WORKER_FILE = path.join(__dirname, 'pgliteWorker.cjs')

type Operation = { op: 'query'; tx?: number; text: string; params: unknown[] } | { op: 'exec'; tx?: number; sql: string } | { op: 'begin' } | { op: 'end'; tx: number; commit: boolean } | { op: 'close' }

/** Work that no one waits on as it happens (a build's stages, progress and logs), by async context. */
const lane = new AsyncLocalStorage<'background'>()

/**
 * Runs `work` in the background lane: on the embedded database, its statements give way to the
 * ones of requests people wait on (a chat answer, a page, a health check). On a PostgreSQL server
 * (a pool of connections) it changes nothing.
 */
export const inBackground = <T>(work: () => T): T => lane.run('background', work)

/**
 * Statements of the background lane the thread holds at once. PGlite runs one statement at a time
 * in the order it gets them: a request's statement sent while 30 builds write would wait behind
 * all of theirs. Held back here, the builds' statements go one or two at a time, and a request's
 * go ahead of them; the thread is never left without work while the lane has some.
 */
const BACKGROUND_IN_FLIGHT = 2

/** An error as the thread sends it: its message, its name, and PostgreSQL's fields (code, detail, constraint, ...). */
interface PlainError {
  name: string
  message: string
  [field: string]: unknown
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: PlainError }
type Started = { ready: true } | { failed: PlainError }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** The thread's error, rebuilt with its fields: `code === '23505'` and the like read as before. */
const errorOf = ({ name, message, ...fields }: PlainError): Error => Object.assign(new Error(message), fields, { name })

/**
 * The embedded database on a thread of its own (pgliteWorker.cjs): the same `Database` as an
 * in-process PGlite, a single connection whose statements and transactions run one at a time,
 * but its WebAssembly and its synchronous file writes leave the server's event loop free. Rows
 * and parameters cross by structured clone (Dates, bigints, byte arrays and JSON as they are).
 */
export const openPgliteThread = async (dataDir: string | undefined): Promise<Database> => {
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir } })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  /** Why the thread can take no more statements (it stopped, or the database was closed). */
  let gone: Error | undefined

  const stopped = (error: Error) => {
    gone ??= error
    const waiting = [...pending.values()]
    pending.clear()
    for (const { reject } of waiting) reject(gone)
    for (const post of held.splice(0)) post()
  }

  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`The embedded database's thread exited (code ${code}) before it opened.`))
    worker.once('error', reject)
    worker.once('exit', onExit)
    worker.once('message', (message: Started) => {
      worker.off('error', reject)
      worker.off('exit', onExit)
      if ('failed' in message) {
        void worker.terminate()
        const { message: why, ...fields } = message.failed
        reject(errorOf({ ...fields, message: `The embedded database ${dataDir === undefined ? 'in memory' : `in ${dataDir}`} could not be opened: ${why}` }))
      } else resolve()
    })
  })

  /** Background statements not yet sent, in order. */
  const held: (() => void)[] = []
  const sendHeld = () => {
    while (held.length > 0 && pending.size < BACKGROUND_IN_FLIGHT) (held.shift() as () => void)()
  }

  worker.on('message', (message: unknown) => {
    if (!isRecord(message) || typeof message.id !== 'number') return
    const answer = message as Answer
    const waiting = pending.get(answer.id)
    if (!waiting) return
    pending.delete(answer.id)
    if (answer.ok) waiting.resolve(answer.value)
    else waiting.reject(errorOf(answer.error))
    sendHeld()
  })
  worker.on('error', (error) => stopped(new Error(`The embedded database's thread failed: ${error.message}`)))
  worker.on('exit', (code) => stopped(new Error(`The embedded database's thread exited (code ${code}).`)))

  const send = (operation: Operation): Promise<unknown> => {
    if (gone) return Promise.reject(gone)
    return new Promise((resolve, reject) => {
      const post = () => {
        if (gone) return reject(gone)
        const id = nextId++
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, ...operation })
      }
      // A statement of an open transaction (and its end) goes at once: the thread waits for it.
      const inTransaction = 'tx' in operation && operation.tx !== undefined
      if (lane.getStore() === 'background' && !inTransaction && (held.length > 0 || pending.size >= BACKGROUND_IN_FLIGHT)) held.push(post)
      else post()
    })
  }

  const queryable = (tx?: number): Queryable => ({
    query: async <T>(text: string, params: readonly unknown[] = []) => ({ rows: (await send({ op: 'query', text, params: [...params], ...(tx !== undefined && { tx }) })) as T[] }),
    exec: async (sql: string) => {
      await send({ op: 'exec', sql, ...(tx !== undefined && { tx }) })
    },
  })

  return {
    kind: 'pglite',
    ...queryable(),
    transaction: async (fn) => {
      const tx = (await send({ op: 'begin' })) as number
      let result
      try {
        result = await fn(queryable(tx))
      } catch (error) {
        await send({ op: 'end', tx, commit: false })
        throw error
      }
      await send({ op: 'end', tx, commit: true })
      return result
    },
    close: async () => {
      if (gone) return
      await send({ op: 'close' })
      gone = new Error('The embedded database is closed.')
      await worker.terminate()
    },
  }
}

import { link, readFile, unlink, writeFile } from 'node:fs/promises'
import { readFileSync, unlinkSync } from 'node:fs'
import path from 'node:path'
import { isOwnDataDir, makeTreePrivate, mkdirPrivate, warnNotPrivate } from '../lib/privateDir'

/**
 * PGlite lets one process open a data directory. Whoever opens it (the server, or the users
 * command when no server runs) first takes this lock: a file in DATA_DIR naming its pid.
 */
export const LOCK_FILE = 'overseer.lock'

export type LockHolder = 'server' | 'cli'

export interface LockInfo {
  pid: number
  holder: LockHolder
  since: string
}

export const lockPath = (dataDir: string): string => path.join(dataDir, LOCK_FILE)

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const parseLock = (text: string): LockInfo | undefined => {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return undefined
    const { pid, holder, since } = value as Record<string, unknown>
    if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined
    if (holder !== 'server' && holder !== 'cli') return undefined
    return { pid, holder, since: typeof since === 'string' ? since : '' }
  } catch {
    return undefined
  }
}

/** The lock's content; undefined when there is no lock, 'unreadable' when it is not one of ours. */
export const readLock = async (dataDir: string): Promise<LockInfo | 'unreadable' | undefined> => {
  let text: string
  try {
    text = await readFile(lockPath(dataDir), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  return parseLock(text) ?? 'unreadable'
}

/** The lock is held by a live process other than the one asking. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError'

  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(`${dataDir} is in use by ${holder.holder === 'server' ? 'an Overseer server' : 'a users command'} (pid ${holder.pid})`)
  }
}

export interface DataDirLock {
  readonly path: string
  release(): Promise<void>
  /** For process 'exit' handlers, where nothing asynchronous runs. */
  releaseSync(): void
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export interface AcquireOptions {
  /** How long to wait while another process holds the lock before giving up (default: don't wait). */
  waitMs?: number
  /** Waits only for these holders (e.g. a server waits for a short users command, not for a server). */
  waitFor?: readonly LockHolder[]
}

/**
 * Takes the lock of `dataDir` for this process. The file appears with its content at once (written
 * aside, then hard-linked into place, which fails if a lock exists). A lock whose pid is dead, or
 * that is not ours to read, is stale and taken over. (Two processes taking over the same stale
 * lock at the same instant could both succeed; the server and an occasional users command make
 * that unlikely enough.)
 */
export const acquireLock = async (dataDir: string, holder: LockHolder, options: AcquireOptions = {}): Promise<DataDirLock> => {
  const { waitMs = 0, waitFor = [] } = options
  await mkdirPrivate(dataDir)
  // Read before this process writes its lock there.
  const ownDir = await isOwnDataDir(dataDir, [LOCK_FILE])
  const file = lockPath(dataDir)
  const info: LockInfo = { pid: process.pid, holder, since: new Date().toISOString() }
  const deadline = Date.now() + waitMs

  for (;;) {
    const staging = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
    await writeFile(staging, `${JSON.stringify(info)}\n`, { mode: 0o600 })
    try {
      await link(staging, file)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      await unlink(staging).catch(() => {})
    }
    const current = await readLock(dataDir)
    if (current === undefined) continue
    if (current === 'unreadable' || !isProcessAlive(current.pid)) {
      await unlink(file).catch(() => {})
      continue
    }
    if (current.pid === process.pid || !waitFor.includes(current.holder) || Date.now() >= deadline) {
      throw new DataDirBusyError(dataDir, current)
    }
    await sleep(200)
  }
  // Folders and files an earlier version (or another umask) left open to others are closed now.
  if (ownDir) warnNotPrivate(dataDir, await makeTreePrivate(dataDir))
  else process.emitWarning(`${dataDir} holds files that are not Overseer's: their permissions are left as they are`)

  /** Removes the file only while it still names this process. */
  const ours = (text: string): boolean => parseLock(text)?.pid === process.pid
  let released = false
  return {
    path: file,
    release: async () => {
      if (released) return
      released = true
      const text = await readFile(file, 'utf8').catch(() => '')
      if (ours(text)) await unlink(file).catch(() => {})
    },
    releaseSync: () => {
      if (released) return
      released = true
      try {
        if (ours(readFileSync(file, 'utf8'))) unlinkSync(file)
      } catch {
        /* already gone */
      }
    },
  }
}

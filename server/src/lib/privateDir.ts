import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/**
 * Makes this process create every file and folder for its own user only (umask 077): the
 * embedded database keeps creating files (WAL segments, relations) as it runs, and they hold
 * password hashes, session hashes and leads. The processes that open DATA_DIR (the server and
 * `npm run users`) call it before they do.
 */
export const createPrivately = (): void => {
  process.umask(0o077)
}

/** Creates `dir` (and missing parents) private to this user; an existing one keeps its mode. */
export const mkdirPrivate = async (dir: string): Promise<void> => {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/**
 * Whether `dir` is one the server may treat as all its own: empty, or holding a database cluster
 * (`PG_VERSION`) or one of the server's own files. A DATA_DIR pointed at a home folder by mistake
 * is not walked and changed.
 */
export const isOwnDataDir = async (dir: string, ownFiles: readonly string[]): Promise<boolean> => {
  const names = await readdir(dir).catch(() => [])
  return names.length === 0 || names.some((name) => name === 'PG_VERSION' || ownFiles.includes(name))
}

/**
 * Takes every permission for the group and others away from `dir` and everything under it,
 * as earlier versions (or another umask) may have left them: folders 0700, files 0600 (an
 * owner's execute bit stays). Symbolic links are not followed. Walks without recursion, so a deep
 * tree cannot exhaust the stack. Returns what could not be changed (another user's file, say)
 * instead of failing on it.
 */
export const makeTreePrivate = async (dir: string): Promise<string[]> => {
  const unchanged: string[] = []
  const pending = [dir]
  while (pending.length > 0) {
    const current = pending.pop() as string
    try {
      const stats = await lstat(current)
      if (stats.isSymbolicLink()) continue
      if (stats.isDirectory()) {
        if ((stats.mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(current, PRIVATE_DIR_MODE)
        for (const name of await readdir(current)) pending.push(path.join(current, name))
      } else if ((stats.mode & 0o077) !== 0) {
        await chmod(current, stats.mode & 0o700)
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // Gone meanwhile (the database removes files as it runs): nothing left to protect.
      if (code !== 'ENOENT') unchanged.push(`${current} (${code ?? String(error)})`)
    }
  }
  return unchanged
}

/** Says, once, what `makeTreePrivate` could not change; the process goes on. */
export const warnNotPrivate = (dir: string, unchanged: readonly string[]): void => {
  if (unchanged.length === 0) return
  const shown = unchanged.slice(0, 5).join(', ')
  process.emitWarning(`${unchanged.length} entries of ${dir} could not be made private to this user: ${shown}${unchanged.length > 5 ? ', …' : ''}`)
}

import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/**
 * Makes this process create every file and folder for its own user only (umask 077): the
 * embedded database keeps creating files (WAL segments, relations) as it runs, and they hold
 * password hashes, session hashes and leads.
 */
export const createPrivately = (): void => {
  process.umask(0o077)
}

/** Creates `dir` (and missing parents) private to this user; an existing one keeps its mode. */
export const mkdirPrivate = async (dir: string): Promise<void> => {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/**
 * Takes every permission for the group and others away from `dir` and everything under it,
 * as earlier versions (or another umask) may have left them: folders 0700, files 0600.
 * Symbolic links are not followed. Walks without recursion, so a deep tree cannot exhaust the stack.
 */
export const makeTreePrivate = async (dir: string): Promise<void> => {
  const pending = [dir]
  while (pending.length > 0) {
    const current = pending.pop() as string
    const stats = await lstat(current).catch(() => undefined)
    if (!stats || stats.isSymbolicLink()) continue
    if (stats.isDirectory()) {
      if ((stats.mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(current, PRIVATE_DIR_MODE)
      for (const name of await readdir(current)) pending.push(path.join(current, name))
    } else if ((stats.mode & 0o077) !== 0) {
      await chmod(current, stats.mode & 0o700)
    }
  }
}

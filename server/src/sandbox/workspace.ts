import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, mkdir, mkdtemp, open, readdir, rename, rm, rmdir, unlink, type FileHandle } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isSafeEntryName, MAX_ARCHIVE_BYTES, MAX_ARCHIVE_FILES, MAX_ENTRY_DEPTH, type ProjectFile } from '../generation/archive'

/**
 * A generated project's folder on disk, which the model's file tools act on. These tools run in
 * the server, outside the sandbox, while the project's own tests (which the model wrote) run in
 * the sandbox with this folder writable: so nothing here trusts what is on disk. Paths are
 * checked as text, every existing component is lstat'ed and a symbolic link anywhere is refused,
 * files are opened with O_NOFOLLOW, and writes go to a fresh file renamed into place (never
 * through a link a test run left behind).
 */

export interface WorkspaceLimits {
  /** The largest file, in bytes (UTF-8). */
  fileBytes: number
  /** The most files the project may hold. */
  files: number
  /** The most bytes all files together may hold. */
  totalBytes: number
}

/** What a project may hold: what its archive may hold, and no file over 200 KB. */
export const WORKSPACE_LIMITS: WorkspaceLimits = { fileBytes: 200 * 1024, files: MAX_ARCHIVE_FILES, totalBytes: MAX_ARCHIVE_BYTES }

export const MAX_PATH_LENGTH = 200
/** The archive puts the project in one folder of its own, which takes one of its levels. */
export const MAX_PATH_DEPTH = MAX_ENTRY_DEPTH - 1
/** Entries a listing looks at before it gives up (a test run may have created thousands). */
const MAX_WALK_ENTRIES = 10_000
/** Never part of a project: nothing is installed, and the project is not a repository. */
const REFUSED_SEGMENTS = new Set(['node_modules', '.git'])
/** The prefix of the fresh files a write renames into place. */
const TEMP_PREFIX = '.overseer-write-'

/** The fields of a package.json that would need `npm install`, which cannot run without network. */
export const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const

/** A refused file operation, phrased for the model (it is sent back as the tool's result). */
export class WorkspaceError extends Error {
  override name = 'WorkspaceError'
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Why `content` may not be a package.json (not a JSON object, or it lists dependencies), if it may not. */
export const packageJsonProblem = (content: string): string | undefined => {
  let data: unknown
  try {
    data = JSON.parse(content)
  } catch (err) {
    return `package.json is not valid JSON (${err instanceof Error ? err.message : 'unreadable'}).`
  }
  if (!isObject(data)) return 'package.json must hold a JSON object.'
  for (const field of DEPENDENCY_FIELDS) {
    const value = data[field]
    if (value === undefined) continue
    const names = isObject(value) ? Object.keys(value) : []
    if (isObject(value) && names.length === 0) continue
    const listed = names.length > 0 ? ` (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''})` : ''
    return `package.json may not list ${field}${listed}: the project has no dependencies, because its tests run without network and nothing can be installed. Use Node's built-in modules (node:http, node:fs, node:test, node:assert, …) instead.`
  }
  for (const field of ['bundleDependencies', 'bundledDependencies']) {
    const value = data[field]
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) return `package.json may not list ${field}: the project has no dependencies.`
  }
  return undefined
}

/** `name` shown in a message: quoted, and short. */
const shown = (name: string): string => JSON.stringify(name.length > 80 ? `${name.slice(0, 79)}…` : name)

/** The segments of a project path, checked as text only; throws a WorkspaceError saying what is wrong. */
export const checkPath = (name: string): string[] => {
  if (name.length === 0) throw new WorkspaceError('The path is empty: give a path relative to the project folder, like src/index.js.')
  if (name.includes('\0')) throw new WorkspaceError(`The path ${shown(name)} contains a NUL character.`)
  if (name.includes('\\')) throw new WorkspaceError(`The path ${shown(name)} contains a backslash: use "/" between folders.`)
  if (name.length > MAX_PATH_LENGTH) throw new WorkspaceError(`The path is too long: ${name.length} characters, at most ${MAX_PATH_LENGTH}.`)
  if (name.startsWith('/')) throw new WorkspaceError(`The path ${shown(name)} is absolute: give a path relative to the project folder, like src/index.js.`)
  const segments = name.split('/')
  for (const segment of segments) {
    if (segment === '..') throw new WorkspaceError(`The path ${shown(name)} leaves the project folder: ".." is not allowed.`)
    if (segment === '' || segment === '.') throw new WorkspaceError(`The path ${shown(name)} has an empty or "." part: write it as folder/file, without "//", "./" or a final "/".`)
    if (REFUSED_SEGMENTS.has(segment)) throw new WorkspaceError(`The path ${shown(name)} is inside ${segment}, which is not part of the project (nothing is installed).`)
    if (segment.startsWith(TEMP_PREFIX)) throw new WorkspaceError(`The path ${shown(name)} uses a reserved name.`)
  }
  if (segments.length > MAX_PATH_DEPTH) throw new WorkspaceError(`The path ${shown(name)} is too deep: at most ${MAX_PATH_DEPTH} levels.`)
  if (!isSafeEntryName(name)) {
    throw new WorkspaceError(`The path ${shown(name)} has a name that is not allowed: use letters, digits, ".", "_" and "-", starting with a letter, a digit, "_" or one ".".`)
  }
  return segments
}

/** A system error's code (`ENOENT`); read from the object, as errors may come from another realm (a test runner's vm). */
const codeOf = (err: unknown): unknown => (typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined)

/** Where a checked path is on disk: its stats when it exists, else the first missing segment. */
type Located = { kind: 'exists'; file: string; stats: Stats } | { kind: 'missing'; file: string; missingFrom: number }

interface WalkedFile {
  path: string
  size: number
  mode: number
}

/** Opens an existing regular file for reading without following a link, nor blocking on a FIFO. */
const openRegular = async (file: string, name: string): Promise<FileHandle> => {
  let handle: FileHandle
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (err) {
    if (codeOf(err) === 'ELOOP') throw new WorkspaceError(`Refused: ${shown(name)} is a symbolic link; links are never followed.`)
    throw err
  }
  const stats = await handle.stat()
  if (!stats.isFile()) {
    await handle.close()
    throw new WorkspaceError(`${shown(name)} is not a regular file.`)
  }
  return handle
}

export class Workspace {
  private constructor(
    /** The project folder (absolute). */
    readonly root: string,
    readonly limits: WorkspaceLimits,
  ) {}

  /**
   * A fresh project folder holding `files`: `dir` when given (it must not exist yet; its parents
   * are created), else a new folder under the system's temporary folder. Every file is checked
   * as a model's write would be; on a refusal the folder is removed and the WorkspaceError thrown.
   */
  static async create(files: readonly ProjectFile[], options: { dir?: string; limits?: Partial<WorkspaceLimits> } = {}): Promise<Workspace> {
    let root: string
    if (options.dir) {
      root = path.resolve(options.dir)
      await mkdir(path.dirname(root), { recursive: true })
      await mkdir(root)
    } else {
      root = await mkdtemp(path.join(os.tmpdir(), 'overseer-devloop-'))
    }
    const workspace = new Workspace(root, { ...WORKSPACE_LIMITS, ...options.limits })
    try {
      for (const file of files) await workspace.put(file.path, file.content, file.executable ? 0o755 : 0o644)
    } catch (err) {
      await workspace.remove()
      throw err
    }
    return workspace
  }

  /** The regular files' paths, sorted; links, folders of links, node_modules and .git are left out. */
  async list(): Promise<string[]> {
    return (await this.walk()).map((file) => file.path)
  }

  /** The text of the file at `name`. */
  async read(name: string): Promise<string> {
    const located = await this.locate(checkPath(name))
    if (located.kind === 'missing') throw new WorkspaceError(`There is no file ${shown(name)} (list_files shows the files).`)
    if (located.stats.isDirectory()) throw new WorkspaceError(`${shown(name)} is a folder, not a file (list_files shows the files).`)
    const handle = await openRegular(located.file, name)
    try {
      const stats = await handle.stat()
      if (stats.size > this.limits.fileBytes) throw new WorkspaceError(`${shown(name)} is too big to read: ${stats.size} bytes, at most ${this.limits.fileBytes}.`)
      const data = await handle.readFile()
      if (data.includes(0)) throw new WorkspaceError(`${shown(name)} is a binary file, not text.`)
      return data.toString('utf8')
    } finally {
      await handle.close()
    }
  }

  /**
   * Writes `content` to the file at `name`, creating its folders. Refused: a path or link the
   * rules forbid, a file over the size limit, one file too many, too many bytes in all, and a
   * package.json that is not a JSON object or lists dependencies. Whether the file changed.
   */
  async write(name: string, content: string): Promise<boolean> {
    return this.put(name, content, 0o644)
  }

  /** Deletes the file at `name`, and the folders it leaves empty. */
  async delete(name: string): Promise<void> {
    const segments = checkPath(name)
    const located = await this.locate(segments)
    if (located.kind === 'missing') throw new WorkspaceError(`There is no file ${shown(name)} (list_files shows the files).`)
    if (located.stats.isDirectory()) throw new WorkspaceError(`${shown(name)} is a folder: delete its files one by one.`)
    await unlink(located.file)
    for (let depth = segments.length - 1; depth > 0; depth -= 1) {
      try {
        await rmdir(path.join(this.root, ...segments.slice(0, depth)))
      } catch {
        break
      }
    }
  }

  /**
   * The project's files for its archive: every regular file (links never followed), with its
   * executable bit. Throws a WorkspaceError when the project is over a limit (a test run may
   * have written more than the model could).
   */
  async snapshot(): Promise<ProjectFile[]> {
    const walked = await this.walk()
    if (walked.length > this.limits.files) throw new WorkspaceError(`The project holds ${walked.length} files, at most ${this.limits.files}.`)
    const files: ProjectFile[] = []
    let total = 0
    for (const file of walked) {
      const handle = await openRegular(path.join(this.root, file.path), file.path)
      try {
        const stats = await handle.stat()
        if (stats.size > this.limits.fileBytes) throw new WorkspaceError(`${shown(file.path)} is too big: ${stats.size} bytes, at most ${this.limits.fileBytes}.`)
        total += stats.size
        if (total > this.limits.totalBytes) throw new WorkspaceError(`The project is too big: over ${this.limits.totalBytes} bytes.`)
        const content = (await handle.readFile()).toString('utf8')
        files.push({ path: file.path, content, ...((stats.mode & 0o100) !== 0 && { executable: true }) })
      } finally {
        await handle.close()
      }
    }
    return files
  }

  /** Removes the project folder and everything in it (links removed, never followed). */
  async remove(): Promise<void> {
    await rm(this.root, { recursive: true, force: true })
  }

  private async put(name: string, content: string, mode: number): Promise<boolean> {
    const segments = checkPath(name)
    const bytes = Buffer.byteLength(content, 'utf8')
    if (bytes > this.limits.fileBytes) throw new WorkspaceError(`${shown(name)} is too big: ${bytes} bytes, at most ${this.limits.fileBytes}.`)
    if (segments[segments.length - 1] === 'package.json') {
      const problem = packageJsonProblem(content)
      if (problem) throw new WorkspaceError(`Refused: ${problem}`)
    }
    const located = await this.locate(segments)
    if (located.kind === 'exists' && located.stats.isDirectory()) throw new WorkspaceError(`${shown(name)} is a folder, not a file.`)
    if (located.kind === 'exists' && !located.stats.isFile()) throw new WorkspaceError(`${shown(name)} is not a regular file.`)

    const others = (await this.walk()).filter((file) => file.path !== name)
    if (located.kind === 'missing' && others.length + 1 > this.limits.files) {
      throw new WorkspaceError(`Too many files: the project may hold at most ${this.limits.files}. Delete some first.`)
    }
    const total = others.reduce((sum, file) => sum + file.size, 0) + bytes
    if (total > this.limits.totalBytes) throw new WorkspaceError(`The project would be too big: ${total} bytes in all, at most ${this.limits.totalBytes}.`)

    if (located.kind === 'exists') {
      if (located.stats.size === bytes && (await this.read(name)) === content) return false
      mode = located.stats.mode & 0o777
    } else {
      for (let depth = located.missingFrom + 1; depth < segments.length; depth += 1) {
        await mkdir(path.join(this.root, ...segments.slice(0, depth)))
      }
    }
    const temp = path.join(path.dirname(located.file), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`)
    // `wx` is O_CREAT|O_EXCL: it never opens an existing file or follows a link.
    const handle = await open(temp, 'wx', mode)
    try {
      await handle.writeFile(content, 'utf8')
      await handle.chmod(mode)
    } catch (err) {
      await handle.close()
      await unlink(temp).catch(() => undefined)
      throw err
    }
    await handle.close()
    try {
      // Replaces the name, never what it pointed to: a link or a hard link planted there is not written through.
      await rename(temp, located.file)
    } catch (err) {
      await unlink(temp).catch(() => undefined)
      throw err
    }
    return true
  }

  /** lstat's each component of `segments` under the root; a link anywhere, or a file used as a folder, is refused. */
  private async locate(segments: readonly string[]): Promise<Located> {
    const rootStats = await lstat(this.root)
    if (!rootStats.isDirectory()) throw new WorkspaceError('The project folder is gone.')
    let file = this.root
    for (let i = 0; i < segments.length; i += 1) {
      file = path.join(file, segments[i] as string)
      const name = segments.slice(0, i + 1).join('/')
      let stats: Stats
      try {
        stats = await lstat(file)
      } catch (err) {
        if (codeOf(err) === 'ENOENT') return { kind: 'missing', file: path.join(this.root, ...segments), missingFrom: i }
        throw err
      }
      if (stats.isSymbolicLink()) throw new WorkspaceError(`Refused: ${shown(name)} is a symbolic link; links are never followed.`)
      if (i === segments.length - 1) return { kind: 'exists', file, stats }
      if (!stats.isDirectory()) throw new WorkspaceError(`${shown(name)} is a file, not a folder.`)
    }
    throw new WorkspaceError('The path is empty.')
  }

  /** The regular files under the root whose paths the rules allow, sorted by path. */
  private async walk(): Promise<WalkedFile[]> {
    const files: WalkedFile[] = []
    let seen = 0
    const visit = async (prefix: readonly string[]): Promise<void> => {
      const entries = await readdir(path.join(this.root, ...prefix), { withFileTypes: true })
      for (const entry of entries) {
        seen += 1
        if (seen > MAX_WALK_ENTRIES) throw new WorkspaceError(`The project folder holds too many entries: over ${MAX_WALK_ENTRIES}.`)
        const segments = [...prefix, entry.name]
        // readdir's types come from the entries themselves: a link is a link, never what it points to.
        if (entry.isDirectory()) {
          if (!REFUSED_SEGMENTS.has(entry.name) && segments.length < MAX_PATH_DEPTH) await visit(segments)
          continue
        }
        if (!entry.isFile() || entry.name.startsWith(TEMP_PREFIX)) continue
        const name = segments.join('/')
        if (name.length > MAX_PATH_LENGTH || !isSafeEntryName(name)) continue
        const stats = await lstat(path.join(this.root, ...segments))
        if (stats.isFile()) files.push({ path: name, size: stats.size, mode: stats.mode })
      }
    }
    await visit([])
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  }
}

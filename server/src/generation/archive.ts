import { ZipFile } from 'yazl'

/** A file of a generated project: a relative path and its text. */
export interface ProjectFile {
  path: string
  content: string
  /** Made executable in the archive (a CLI's entry point). */
  executable?: boolean
}

export const MAX_ARCHIVE_FILES = 200
/** The uncompressed size of everything in one archive. */
export const MAX_ARCHIVE_BYTES = 5 * 1024 * 1024
export const MAX_ENTRY_NAME_LENGTH = 200
export const MAX_ENTRY_DEPTH = 8

/** One path segment: letters, digits, `.`, `_` and `-`, not starting with a dot run that is `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$|^\.[A-Za-z0-9_][A-Za-z0-9._-]*$/

/**
 * Whether `name` may be an archive entry: relative, `/`-separated segments of letters, digits,
 * `.`, `_` and `-` (a segment may start with one dot, as `.gitignore`, but is never `.` or `..`),
 * no backslash, NUL, colon or absolute path, at most 8 segments and 200 characters.
 */
export const isSafeEntryName = (name: string): boolean => {
  if (name.length === 0 || name.length > MAX_ENTRY_NAME_LENGTH) return false
  const segments = name.split('/')
  if (segments.length > MAX_ENTRY_DEPTH) return false
  return segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..')
}

export class ArchiveError extends Error {
  override name = 'ArchiveError'
}

/**
 * The entries of a project's archive: every file under one folder named `root`, checked.
 * Throws an ArchiveError for an unsafe name, a duplicate, too many files or too many bytes.
 */
export const archiveEntries = (root: string, files: readonly ProjectFile[]): { name: string; data: Buffer; executable: boolean }[] => {
  if (files.length > MAX_ARCHIVE_FILES) throw new ArchiveError(`Too many files: ${files.length}, at most ${MAX_ARCHIVE_FILES}`)
  const seen = new Set<string>()
  let bytes = 0
  return files.map((file) => {
    const name = `${root}/${file.path}`
    if (!isSafeEntryName(root) || root.includes('/') || !isSafeEntryName(name)) throw new ArchiveError(`Unsafe archive entry name: ${JSON.stringify(name)}`)
    if (seen.has(name)) throw new ArchiveError(`Duplicate archive entry: ${name}`)
    seen.add(name)
    const data = Buffer.from(file.content, 'utf8')
    bytes += data.length
    if (bytes > MAX_ARCHIVE_BYTES) throw new ArchiveError(`The project is too large: over ${MAX_ARCHIVE_BYTES} bytes`)
    return { name, data, executable: file.executable === true }
  })
}

/** A fixed date for every entry, so the same project gives the same archive. */
const ENTRY_DATE = new Date(Date.UTC(2025, 0, 1))

/**
 * The project as a zip, produced as a stream (yazl's output): the caller stores it as it comes
 * (the archive store), so the whole zip is never held in memory. Throws an ArchiveError, before
 * anything is produced, for a project its archive may not hold (see archiveEntries).
 */
export const projectZip = (root: string, files: readonly ProjectFile[]): NodeJS.ReadableStream => {
  const entries = archiveEntries(root, files)
  const zip = new ZipFile()
  for (const entry of entries) {
    zip.addBuffer(entry.data, entry.name, { mtime: ENTRY_DATE, mode: entry.executable ? 0o100755 : 0o100644 })
  }
  zip.end()
  return zip.outputStream
}

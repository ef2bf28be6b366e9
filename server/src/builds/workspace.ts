import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ArchiveError, isSafeEntryName, type ProjectFile } from './archive'

/**
 * Writes a project's files under `dir` (a fresh folder of the build's own): only names an archive
 * may hold, so nothing lands outside it; executables keep their mode.
 */
export const writeProject = async (dir: string, files: readonly ProjectFile[]): Promise<void> => {
  for (const file of files) {
    if (!isSafeEntryName(file.path)) throw new ArchiveError(`Unsafe file name: ${JSON.stringify(file.path)}`)
    const target = path.join(dir, ...file.path.split('/'))
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, file.content, { mode: file.executable ? 0o755 : 0o644 })
  }
}

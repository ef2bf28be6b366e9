import { useEffect, useEffectEvent, useId, useMemo, useState, type ReactNode } from 'react'
import { SHARED_FILE_MAX_BYTES, TOOLS_MESSAGES } from '@contracts/conversationToolsText'
import { highlightCode } from '@/shared/lib/markdown'
import { buildApi } from '../api/buildApi'
import type { ProjectFileContent, ProjectFileEntry } from '../model/types'
import styles from './ProjectFiles.module.scss'

/** A folder of the tree: its subfolders and files, by name. */
interface Folder {
  folders: Map<string, Folder>
  files: ProjectFileEntry[]
}

const treeOf = (files: readonly ProjectFileEntry[]): Folder => {
  const root: Folder = { folders: new Map(), files: [] }
  for (const file of files) {
    const parts = file.path.split('/')
    let folder = root
    for (const part of parts.slice(0, -1)) {
      const next = folder.folders.get(part) ?? { folders: new Map(), files: [] }
      folder.folders.set(part, next)
      folder = next
    }
    folder.files.push(file)
  }
  return root
}

const sizeOf = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`)

interface TreeProps {
  folder: Folder
  selected: string | undefined
  onSelect: (path: string) => void
}

const Tree = ({ folder, selected, onSelect }: TreeProps) => (
  <ul className={styles.tree}>
    {[...folder.folders.entries()].map(([name, child]) => (
      <li key={name}>
        <details open>
          <summary className={styles.folder}>{name}/</summary>
          <Tree folder={child} selected={selected} onSelect={onSelect} />
        </details>
      </li>
    ))}
    {folder.files.map((file) => (
      <li key={file.path}>
        <button
          type="button"
          className={styles.file}
          aria-current={file.path === selected ? 'true' : undefined}
          onClick={() => onSelect(file.path)}
        >
          {file.path.split('/').at(-1)}
          <span className={styles.size}> {sizeOf(file.bytes)}</span>
        </button>
      </li>
    ))}
  </ul>
)

/** A file's text, highlighted, in a region named by its path: the box scrolls, not the page. */
const FileContent = ({ file }: { file: ProjectFileContent }) => {
  const heading = useId()
  const html = useMemo(() => highlightCode(file.content, file.language), [file])
  return (
    <section className={styles.viewer} aria-labelledby={heading}>
      <h4 id={heading} className={styles.caption}>
        {file.path}
      </h4>
      {/* highlight.js escapes the text it is given: the markup is only its own spans. */}
      <pre tabIndex={0} aria-label={`Contents of ${file.path}`}>
        <code className={`hljs language-${file.language}`} dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </section>
  )
}

const FileState = ({ path, isError, file }: { path: string; isError: boolean; file: ProjectFileContent | undefined }) => {
  if (isError) return <p role="alert">This file could not be loaded.</p>
  if (!file) return <p role="status">Loading {path}…</p>
  return <FileContent file={file} />
}

const FileView = ({ sessionId, path }: { sessionId: string; path: string }) => {
  const { data, isFetching, isError } = buildApi.useGetBuildFileQuery({ sessionId, path })
  return <FileState path={path} isError={isError} file={isFetching ? undefined : data} />
}

/** The project's files as a tree beside the one selected, shown by `view`. */
const FileBrowser = ({ files, view }: { files: readonly ProjectFileEntry[]; view: (file: ProjectFileEntry) => ReactNode }) => {
  const [selected, setSelected] = useState<string>()
  const tree = useMemo(() => treeOf(files), [files])
  const file = files.find((entry) => entry.path === selected)
  return (
    <section className={styles.files} aria-label="Project files">
      <h3 className={styles.heading}>Project files</h3>
      <div className={styles.layout}>
        <nav aria-label="Files of the project">
          <Tree folder={tree} selected={selected} onSelect={setSelected} />
        </nav>
        {file ? view(file) : <p className={styles.hint}>Select a file to read it here.</p>}
      </div>
    </section>
  )
}

/**
 * A delivered build's files as a tree under its reply; selecting one shows it, highlighted,
 * without downloading the archive. Only the build's owner can read them, while its conversation is kept.
 */
export const ProjectFiles = ({ sessionId }: { sessionId: string }) => {
  const { data: files, isError, isLoading } = buildApi.useGetBuildFilesQuery(sessionId)
  if (isLoading) return null
  if (isError || !files || files.length === 0) return null
  return <FileBrowser files={files} view={(file) => <FileView key={file.path} sessionId={sessionId} path={file.path} />} />
}

interface SharedProjectFilesProps {
  /** The share link's token: the files are read through it. */
  token: string
  buildId: string
  /** The files, as the shared snapshot lists them. */
  files: readonly ProjectFileEntry[]
  /** A file the link no longer serves (revoked, or the build was cut off): the page should look again. */
  onGone?: () => void
}

const SharedFileView = ({ token, buildId, path, onGone }: { token: string; buildId: string; path: string; onGone: (() => void) | undefined }) => {
  const { data, isFetching, isError, error } = buildApi.useGetSharedBuildFileQuery({ token, buildId, path })
  const gone = error !== undefined && 'status' in error && error.status === 404
  // Once each time the file turns out gone, whatever the caller's callback is by then.
  const goneNow = useEffectEvent(() => onGone?.())
  useEffect(() => {
    if (gone) goneNow()
  }, [gone])
  return <FileState path={path} isError={isError} file={isFetching ? undefined : data} />
}

/** The files of a build a shared conversation shows, each read through the share link; a file too large to show is left to the archive. */
export const SharedProjectFiles = ({ token, buildId, files, onGone }: SharedProjectFilesProps) =>
  files.length === 0 ? null : (
    <FileBrowser
      files={files}
      view={(file) =>
        file.bytes > SHARED_FILE_MAX_BYTES ? (
          <p className={styles.hint}>{TOOLS_MESSAGES.sharedFileTooLarge}</p>
        ) : (
          <SharedFileView key={file.path} token={token} buildId={buildId} path={file.path} onGone={onGone} />
        )
      }
    />
  )

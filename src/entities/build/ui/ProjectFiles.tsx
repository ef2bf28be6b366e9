import { useMemo, useState } from 'react'
import { highlightCode } from '@/shared/lib/markdown'
import { buildApi } from '../api/buildApi'
import type { ProjectFileEntry } from '../model/types'
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

const FileView = ({ sessionId, path }: { sessionId: string; path: string }) => {
  const { data, isFetching, isError } = buildApi.useGetBuildFileQuery({ sessionId, path })
  const html = useMemo(() => (data ? highlightCode(data.content, data.language) : ''), [data])
  if (isError) return <p role="alert">This file could not be loaded.</p>
  if (isFetching || !data) return <p role="status">Loading {path}…</p>
  return (
    <figure className={styles.viewer}>
      <figcaption className={styles.caption}>{data.path}</figcaption>
      {/* highlight.js escapes the text it is given: the markup is only its own spans. */}
      <pre tabIndex={0} aria-label={`Contents of ${data.path}`}>
        <code className={`hljs language-${data.language}`} dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </figure>
  )
}

/**
 * A delivered build's files as a tree under its reply; selecting one shows it, highlighted,
 * without downloading the archive. Only the build's owner can read them, while its conversation is kept.
 */
export const ProjectFiles = ({ sessionId }: { sessionId: string }) => {
  const { data: files, isError, isLoading } = buildApi.useGetBuildFilesQuery(sessionId)
  const [selected, setSelected] = useState<string>()
  const tree = useMemo(() => treeOf(files ?? []), [files])
  if (isLoading) return null
  if (isError || !files || files.length === 0) return null
  return (
    <section className={styles.files} aria-label="Project files">
      <h3 className={styles.heading}>Project files</h3>
      <div className={styles.layout}>
        <nav aria-label="Files of the project">
          <Tree folder={tree} selected={selected} onSelect={setSelected} />
        </nav>
        {selected ? <FileView sessionId={sessionId} path={selected} /> : <p className={styles.hint}>Select a file to read it here.</p>}
      </div>
    </section>
  )
}

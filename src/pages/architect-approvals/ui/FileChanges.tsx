import { useId, useMemo, useState } from 'react'
import { MAX_CHANGES_CHARS, MAX_FILE_CHANGES_CHARS } from '@contracts/approvals'
import { highlightLines } from '../lib/highlightLines'
import type { ApprovalFileChange } from '../model/types'
import styles from './ArchitectApprovalsPage.module.scss'

/** Lines shown of a longer file until Show all is chosen; a file at most FOLD_OVER lines long is shown whole. */
export const FOLDED_LINES = 40
const FOLD_OVER = 50

const STATUS_LABELS: Record<ApprovalFileChange['status'], string> = { added: 'Added', changed: 'Changed', removed: 'Removed' }

const count = (n: number, what: string): string => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`

/** One row of a file's view: a line of code (with its sign in a diff), a hunk's header or a note. */
interface Row {
  kind: 'added' | 'removed' | 'context' | 'hunk' | 'note'
  sign: string
  html: string
}

const ROW_CLASSES: Record<Row['kind'], string | undefined> = {
  added: styles.rowAdded,
  removed: styles.rowRemoved,
  context: undefined,
  hunk: styles.rowHunk,
  note: styles.rowNote,
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A file's hunks as rows. An added file is its code alone, highlighted whole; a changed or removed
 * one keeps the diff's headers and signs, each hunk's code highlighted together.
 */
const rowsOf = (file: ApprovalFileChange): Row[] => {
  const lines = file.hunks.split('\n')
  if (lines.at(-1) === '') lines.pop()
  if (file.status === 'added') {
    const code = lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1))
    return code.length === 0 ? [] : highlightLines(code.join('\n'), file.language).map((html) => ({ kind: 'context', sign: '', html }))
  }
  const rows: Row[] = []
  let hunk: string[] = []
  const flush = () => {
    if (hunk.length === 0) return
    const html = highlightLines(hunk.map((line) => line.slice(1)).join('\n'), file.language)
    hunk.forEach((line, index) => {
      const sign = line[0] ?? ' '
      rows.push({ kind: sign === '+' ? 'added' : sign === '-' ? 'removed' : 'context', sign, html: html[index] ?? '' })
    })
    hunk = []
  }
  for (const line of lines) {
    if (line.startsWith('@@')) {
      flush()
      rows.push({ kind: 'hunk', sign: '', html: escapeHtml(line) })
    } else if (line.startsWith('\\')) {
      flush()
      rows.push({ kind: 'note', sign: '', html: escapeHtml(line.slice(1).trim()) })
    } else {
      hunk.push(line)
    }
  }
  flush()
  return rows
}

/** What is missing of a file's changes, and why. */
const cutNote = (file: ApprovalFileChange): string | undefined => {
  if (file.cut === 'file') return `Only the first part of this file's changes is shown: they are over ${MAX_FILE_CHANGES_CHARS.toLocaleString('en-US')} characters.`
  if (file.cut === 'total')
    return file.hunks
      ? `Only the first part of this file's changes is shown: the changes of all files together are over ${MAX_CHANGES_CHARS.toLocaleString('en-US')} characters.`
      : `Not shown: the changes of all files together are over ${MAX_CHANGES_CHARS.toLocaleString('en-US')} characters.`
  return undefined
}

const summaryOf = (file: ApprovalFileChange): string => {
  if (file.status === 'added') return `${STATUS_LABELS.added} · ${count(file.added, 'line')}`
  if (file.status === 'removed') return `${STATUS_LABELS.removed} · ${count(file.removed, 'line')}`
  return `${STATUS_LABELS.changed} · ${count(file.added, 'line')} added, ${file.removed.toLocaleString('en-US')} removed`
}

const FileChange = ({ file }: { file: ApprovalFileChange }) => {
  const id = useId()
  const rows = useMemo(() => rowsOf(file), [file])
  const [all, setAll] = useState(false)
  const folds = rows.length > FOLD_OVER
  const shown = folds && !all ? rows.slice(0, FOLDED_LINES) : rows
  const note = cutNote(file)
  return (
    // A group, not a landmark: a new project has a file for each of many.
    <div role="group" className={styles.fileChange} aria-labelledby={`${id}-path`}>
      <h5 id={`${id}-path`} className={styles.filePath}>
        {file.path}
      </h5>
      <p className={styles.fileMeta}>
        <span className={`${styles.fileStatus} ${styles[`status${STATUS_LABELS[file.status]}`] ?? ''}`}>{summaryOf(file)}</span>
      </p>
      {shown.length > 0 && (
        // Scrolls in its own box (sideways for long lines), by keyboard too.
        <pre id={`${id}-code`} className={styles.code} tabIndex={0} aria-label={`${file.status === 'added' ? 'Code' : 'Changes'} of ${file.path}`}>
          <code className={`hljs language-${file.language}`}>
            {shown.map((row, index) => (
              <span key={index} className={`${styles.row} ${ROW_CLASSES[row.kind] ?? ''}`}>
                {row.kind === 'added' || row.kind === 'removed' || (row.kind === 'context' && file.status !== 'added') ? (
                  <span className={styles.sign}>{row.sign}</span>
                ) : null}
                {/* Safe as it is: highlight.js escapes the code, and highlightLines lets only its spans through. */}
                <span dangerouslySetInnerHTML={{ __html: row.html }} />
                {'\n'}
              </span>
            ))}
          </code>
        </pre>
      )}
      {rows.length === 0 && !note && <p className={styles.cutNote}>An empty file.</p>}
      {folds && (
        <button type="button" className={styles.fold} aria-expanded={all} aria-controls={`${id}-code`} onClick={() => setAll(!all)}>
          {all ? `Show the first ${FOLDED_LINES} lines only` : `Show all ${count(rows.length, 'line')}`}
        </button>
      )}
      {note && <p className={styles.cutNote}>{note}</p>}
    </div>
  )
}

/**
 * The development gate's changes, a file each: its path, whether it was added, changed or removed,
 * and its code highlighted (a changed file's diff with its added and removed lines marked), long
 * ones folded to their first lines.
 */
export const FileChanges = ({ files }: { files: readonly ApprovalFileChange[] }) => {
  const id = useId()
  const by = (status: ApprovalFileChange['status']) => files.filter((file) => file.status === status).length
  const parts = [`${by('added')} added`, `${by('changed')} changed`, `${by('removed')} removed`]
  return (
    <section className={styles.changes} aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>Changes to review</h4>
      <p className={styles.changesSummary}>{files.length === 0 ? 'No file changed.' : `${count(files.length, 'file')}: ${parts.join(', ')}`}</p>
      {files.map((file) => (
        <FileChange key={file.path} file={file} />
      ))}
    </section>
  )
}

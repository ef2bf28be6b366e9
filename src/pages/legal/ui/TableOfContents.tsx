import { useEffect, useId, useRef, useState, type MouseEvent } from 'react'
import styles from './TableOfContents.module.scss'

interface TocEntry {
  id: string
  title: string
}

interface TableOfContentsProps {
  entries: readonly TocEntry[]
  activeId: string
  onNavigate: (id: string) => void
}

/** A click that asks for a new tab or window is left to the browser. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/**
 * The document's sections as in-page links, the current one marked with `aria-current`. Sticky
 * beside the text on wide screens; above it, folded behind a button, on small ones.
 */
export const TableOfContents = ({ entries, activeId, onNavigate }: TableOfContentsProps) => {
  const titleId = useId()
  const listId = useId()
  const listRef = useRef<HTMLOListElement>(null)
  const [open, setOpen] = useState(false)

  // When the list scrolls inside its sticky box, keep the current entry in sight (the page stays put).
  useEffect(() => {
    const list = listRef.current
    if (!list || list.scrollHeight <= list.clientHeight) return
    const item = list.querySelector<HTMLElement>('[aria-current]')?.closest('li')
    if (!item) return
    const margin = 8
    if (item.offsetTop < list.scrollTop + margin) {
      list.scrollTop = Math.max(0, item.offsetTop - margin)
    } else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight - margin) {
      list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight + margin
    }
  }, [activeId])

  return (
    <nav className={styles.toc} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        On this page
      </h2>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide the list of sections' : `Show all ${entries.length} sections`}
      </button>
      <ol id={listId} ref={listRef} className={`${styles.list} ${open ? styles.open : ''}`}>
        {entries.map((entry, index) => {
          const current = entry.id === activeId
          return (
            <li key={entry.id}>
              <a
                href={`#${entry.id}`}
                className={current ? `${styles.link} ${styles.current}` : styles.link}
                aria-current={current ? 'true' : undefined}
                onClick={(event) => {
                  if (!isPlainClick(event)) return
                  event.preventDefault()
                  onNavigate(entry.id)
                }}
              >
                <span className={styles.number}>{index + 1}.</span> {entry.title}
              </a>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

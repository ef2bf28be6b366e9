import { useState } from 'react'
import { Link } from 'react-router-dom'
import { DOCS_SECTIONS } from '../model/navigation'
import styles from './DocsSidebar.module.scss'

interface DocsSidebarProps {
  /** The group of the page shown; it expands on its own. */
  currentSectionId: string | undefined
  /** The path of the page shown, marked as the current page. */
  currentPath: string | undefined
}

/** Five expandable groups with every page; the current page's group opens when it is reached. */
export const DocsSidebar = ({ currentSectionId, currentPath }: DocsSidebarProps) => {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(currentSectionId ? [currentSectionId] : []))
  const [openedFor, setOpenedFor] = useState(currentSectionId)
  if (openedFor !== currentSectionId) {
    setOpenedFor(currentSectionId)
    if (currentSectionId && !expanded.has(currentSectionId)) setExpanded(new Set(expanded).add(currentSectionId))
  }

  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <nav className={styles.sidebar} aria-label="Documentation">
      <ul className={styles.groups}>
        {DOCS_SECTIONS.map((section) => {
          const open = expanded.has(section.id)
          const listId = `docs-group-${section.id}`
          return (
            <li key={section.id}>
              <button
                type="button"
                className={section.id === currentSectionId ? `${styles.group} ${styles.currentGroup}` : styles.group}
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(section.id)}
              >
                <span>{section.title}</span>
                <svg className={styles.chevron} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
              <ul id={listId} className={styles.topics} hidden={!open}>
                {section.topics.map((topic) => (
                  <li key={topic.id}>
                    <Link
                      to={topic.path}
                      className={styles.topic}
                      aria-current={topic.path === currentPath ? 'page' : undefined}
                    >
                      {topic.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

import { useEffect, useRef, useState } from 'react'
import type { HistoryItem } from '@/entities/chat'
import { badgeOf, formatDate, previewOf } from '../lib/format'
import styles from './HistoryPanel.module.scss'

interface HistoryItemCardProps {
  item: HistoryItem
  disabled: boolean
  deleting: boolean
  onOpen: (item: HistoryItem) => void
  onDelete: (item: HistoryItem) => void
}

/** One conversation: title (its first message), message count, preview, date, status; open or delete. */
export const HistoryItemCard = ({ item, disabled, deleting, onOpen, onDelete }: HistoryItemCardProps) => {
  const [confirming, setConfirming] = useState(false)
  const confirmButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const badge = badgeOf(item.status)
  const preview = previewOf(item.response)

  useEffect(() => {
    if (confirming) confirmButton.current?.focus()
  }, [confirming])

  const cancel = () => {
    setConfirming(false)
    requestAnimationFrame(() => deleteButton.current?.focus())
  }

  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <h3 className={styles.itemTitle}>
          <button type="button" className={styles.open} onClick={() => onOpen(item)} disabled={disabled}>
            {item.title || 'Untitled conversation'}
          </button>
        </h3>
        <span className={`${styles.badge} ${styles[badge.tone]}`}>
          {badge.spinner && <span className={styles.badgeSpinner} aria-hidden="true" />}
          {badge.label}
        </span>
      </div>
      {preview && <p className={styles.preview}>{preview}</p>}
      <p className={styles.meta}>
        <span>
          {item.messageCount} {item.messageCount === 1 ? 'message' : 'messages'}
        </span>
        <time dateTime={item.date}>{formatDate(item.date)}</time>
      </p>
      {confirming ? (
        <div className={styles.confirm} role="group" aria-label={`Delete “${item.title}”?`}>
          <span>Delete this conversation? This cannot be undone.</span>
          <button ref={confirmButton} type="button" className={styles.danger} onClick={() => onDelete(item)} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
          <button type="button" className={styles.linkButton} onClick={cancel} disabled={deleting}>
            Cancel
          </button>
        </div>
      ) : (
        <button
          ref={deleteButton}
          type="button"
          className={styles.linkButton}
          onClick={() => setConfirming(true)}
          disabled={disabled}
          aria-label={`Delete conversation “${item.title}”`}
        >
          Delete
        </button>
      )}
    </li>
  )
}

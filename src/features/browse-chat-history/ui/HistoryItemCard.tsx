import { useEffect, useRef, useState } from 'react'
import type { HistoryItem } from '@/entities/chat'
import { exportUrl } from '../api/conversationToolsApi'
import { badgeOf, formatDate, previewOf } from '../lib/format'
import { ConversationMenu } from './ConversationMenu'
import { RenameForm } from './RenameForm'
import { SharePanel } from './SharePanel'
import styles from './HistoryPanel.module.scss'

interface HistoryItemCardProps {
  item: HistoryItem
  disabled: boolean
  onOpen: (item: HistoryItem) => void
  onDelete: (item: HistoryItem) => void
  /** Says what happened (renamed), for screen readers. */
  onAnnounce: (text: string) => void
}

/**
 * One conversation: title (its own, else its first message), message count, preview, date,
 * status, and whether it is shared; open it, or use its Actions menu: rename, share, export as
 * Markdown or JSON, delete (undone from the panel's notice).
 */
export const HistoryItemCard = ({ item, disabled, onOpen, onDelete, onAnnounce }: HistoryItemCardProps) => {
  const [mode, setMode] = useState<'view' | 'rename' | 'share'>('view')
  const menuButton = useRef<HTMLButtonElement>(null)
  /** Whether leaving the rename or share mode gives the focus back to the menu button. */
  const refocus = useRef(false)
  const badge = badgeOf(item.status)
  const preview = previewOf(item.response)
  const title = item.title || 'Untitled conversation'

  const back = () => {
    refocus.current = true
    setMode('view')
  }

  useEffect(() => {
    if (mode !== 'view' || !refocus.current) return
    refocus.current = false
    menuButton.current?.focus()
  }, [mode])

  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        {mode === 'rename' ? (
          <RenameForm
            id={item.id}
            title={item.title}
            onDone={(renamed) => {
              if (renamed !== undefined) onAnnounce(`Renamed to “${renamed}”.`)
              back()
            }}
          />
        ) : (
          <h3 className={styles.itemTitle}>
            <button type="button" className={styles.open} onClick={() => onOpen(item)} disabled={disabled}>
              {title}
            </button>
          </h3>
        )}
        <span className={styles.badges}>
          {item.sharedAt && <span className={`${styles.badge} ${styles.shared}`}>Shared</span>}
          <span className={`${styles.badge} ${styles[badge.tone]}`}>
            {badge.spinner && <span className={styles.badgeSpinner} aria-hidden="true" />}
            {badge.label}
          </span>
        </span>
      </div>
      {preview && <p className={styles.preview}>{preview}</p>}
      <div className={styles.itemFoot}>
        <p className={styles.meta}>
          <span>
            {item.messageCount} {item.messageCount === 1 ? 'message' : 'messages'}
          </span>
          <time dateTime={item.date}>{formatDate(item.date)}</time>
        </p>
        <ConversationMenu
          label={`Actions for “${title}”`}
          buttonRef={menuButton}
          disabled={disabled}
          actions={[
            { label: 'Rename', onSelect: () => setMode('rename') },
            { label: 'Share link', onSelect: () => setMode('share') },
            { label: 'Export as Markdown', href: exportUrl(item.id, 'md'), download: true },
            { label: 'Export as JSON', href: exportUrl(item.id, 'json'), download: true },
            { label: 'Delete', onSelect: () => onDelete(item) },
          ]}
        />
      </div>
      {mode === 'share' && <SharePanel item={item} onClose={back} />}
    </li>
  )
}

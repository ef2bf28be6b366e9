import { useEffect, useId, useRef, useState } from 'react'
import { apiErrorMessage } from '@/shared/api'
import type { HistoryItem } from '@/entities/chat'
import { useRevokeShareMutation, useShareConversationMutation, type NewShareLink } from '../api/conversationToolsApi'
import { formatDate } from '../lib/format'
import styles from './HistoryPanel.module.scss'

interface SharePanelProps {
  item: HistoryItem
  onClose: () => void
}

const copy = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * A conversation's share link: make one (a read-only snapshot of the conversation as it is now),
 * copy it while it is shown (the server keeps only its hash), make a new one, or revoke it.
 */
export const SharePanel = ({ item, onClose }: SharePanelProps) => {
  const [share, { isLoading: sharing }] = useShareConversationMutation()
  const [revoke, { isLoading: revoking }] = useRevokeShareMutation()
  const [link, setLink] = useState<NewShareLink | null>(null)
  const [status, setStatus] = useState('')
  const [error, setError] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const linkInput = useRef<HTMLInputElement>(null)
  const id = useId()
  const busy = sharing || revoking
  const sharedAt = link?.sharedAt ?? item.sharedAt

  useEffect(() => {
    heading.current?.focus()
  }, [])

  useEffect(() => {
    if (!link) return
    linkInput.current?.focus()
    linkInput.current?.select()
  }, [link])

  const create = async () => {
    setError(null)
    setStatus('')
    const result = await share(item.id)
    if ('error' in result) {
      setError(apiErrorMessage(result.error) ?? 'The link could not be made. Please try again.')
      return
    }
    setLink(result.data)
    setStatus('Share link created.')
  }

  const remove = async () => {
    setError(null)
    setStatus('')
    const result = await revoke(item.id)
    if ('error' in result) {
      setError(apiErrorMessage(result.error) ?? 'The link could not be revoked. Please try again.')
      return
    }
    setLink(null)
    setStatus('Share link revoked: it no longer works.')
    heading.current?.focus()
  }

  const copyLink = async () => {
    if (!link) return
    setStatus((await copy(link.url)) ? 'Link copied to the clipboard.' : 'Could not copy the link: select it and copy it yourself.')
  }

  return (
    <section
      className={styles.share}
      aria-labelledby={`${id}-heading`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onClose()
        }
      }}
    >
      <h4 id={`${id}-heading`} ref={heading} tabIndex={-1} className={styles.shareHeading}>
        Share link
      </h4>
      {link ? (
        <>
          <p>Anyone with this link can read the conversation as it is now, without signing in. Copy it now: it is not shown again.</p>
          <label htmlFor={`${id}-link`} className="visually-hidden">
            Share link
          </label>
          <div className={styles.linkRow}>
            <input ref={linkInput} id={`${id}-link`} className={styles.renameInput} value={link.url} readOnly />
            <button type="button" className={styles.primary} onClick={() => void copyLink()}>
              Copy link
            </button>
          </div>
        </>
      ) : sharedAt ? (
        <p>
          Shared since <time dateTime={sharedAt}>{formatDate(sharedAt)}</time>: anyone with the link can read the conversation as it was
          then. A new link replaces it.
        </p>
      ) : (
        <p>
          Make a read-only link to this conversation as it is now: anyone with it can read it without signing in; messages you send later
          are not shown. Search engines do not index it.
        </p>
      )}
      <div className={styles.formActions}>
        {!link && (
          <button type="button" className={styles.primary} onClick={() => void create()} disabled={busy}>
            {sharing ? 'Creating...' : sharedAt ? 'Create a new link' : 'Create link'}
          </button>
        )}
        {sharedAt && (
          <button type="button" className={styles.danger} onClick={() => void remove()} disabled={busy}>
            {revoking ? 'Revoking...' : 'Revoke link'}
          </button>
        )}
        <button type="button" className={styles.linkButton} onClick={onClose}>
          Done
        </button>
      </div>
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </section>
  )
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { apiErrorMessage } from '@/shared/api'
import { CONVERSATION_TITLE_MAX_LENGTH, TOOLS_MESSAGES } from '@contracts/conversationToolsText'
import { useRenameConversationMutation } from '../api/conversationToolsApi'
import styles from './HistoryPanel.module.scss'

interface RenameFormProps {
  id: string
  title: string
  /** Renamed (with the title now shown) or cancelled (undefined). */
  onDone: (title?: string) => void
}

/** The title in a text box: Enter saves, Escape cancels; a blank title is refused. */
export const RenameForm = ({ id, title, onDone }: RenameFormProps) => {
  const [text, setText] = useState(title)
  const [error, setError] = useState<string | null>(null)
  const [rename, { isLoading }] = useRenameConversationMutation()
  const input = useRef<HTMLInputElement>(null)
  const fieldId = useId()

  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const clean = text.replace(/\s+/g, ' ').trim()
    if (clean === '') {
      setError(TOOLS_MESSAGES.titleBlank)
      input.current?.focus()
      return
    }
    if (clean === title) {
      onDone()
      return
    }
    const result = await rename({ id, title: clean })
    if ('error' in result) {
      setError(apiErrorMessage(result.error) ?? 'The conversation could not be renamed. Please try again.')
      input.current?.focus()
      return
    }
    onDone(clean)
  }

  return (
    <form className={styles.rename} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${fieldId}-title`} className={styles.renameLabel}>
        Title
      </label>
      <input
        ref={input}
        id={`${fieldId}-title`}
        className={styles.renameInput}
        value={text}
        maxLength={CONVERSATION_TITLE_MAX_LENGTH}
        aria-invalid={error !== null}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value)
          setError(null)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            onDone()
          }
        }}
      />
      <div className={styles.formActions}>
        <button type="submit" className={styles.primary} disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => onDone()} disabled={isLoading}>
          Cancel
        </button>
      </div>
      {error && (
        <p id={`${fieldId}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react'
import { selectCurrentBuild } from '@/entities/build'
import { CHAT_TEXTS, CHAT_TOAST_MS, MAX_MESSAGE_LENGTH, selectChatError, selectPendingReply } from '@/entities/chat'
import { useModelChoice } from '@/entities/ai-model'
import { useAutoGrow } from '@/shared/lib/hooks'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Button, Toast, useToast } from '@/shared/ui'
import { sendChatMessage, stopChatReply } from '../model/sendChatMessage'
import styles from './MessageForm.module.scss'

/**
 * The message form (spec section 2): 'Your Message', Send Message ('Sending...' while a reply
 * comes, disabled then or when blank), Enter sends and Shift+Enter adds a line; Stop while a reply
 * is generated (a build is stopped from its tracker); the error line under it; the success toast when a build's files were saved.
 */
interface MessageFormProps {
  /** The message box, for the page to move focus to (e.g. after New Conversation). */
  inputRef?: RefObject<HTMLTextAreaElement | null>
}

export const MessageForm = ({ inputRef }: MessageFormProps) => {
  const dispatch = useAppDispatch()
  const { model } = useModelChoice()
  const pending = useAppSelector(selectPendingReply)
  const error = useAppSelector(selectChatError)
  const build = useAppSelector(selectCurrentBuild)
  const { toast, showToast, hideToast } = useToast()
  const [text, setText] = useState('')
  const ownInput = useRef<HTMLTextAreaElement>(null)
  const input = inputRef ?? ownInput
  // Starts at two lines and grows with the text, up to its max-height.
  useAutoGrow(input, text)
  const id = useId()
  const sending = pending !== null
  const blank = text.trim() === ''
  // A build is stopped from its tracker (Stop build): here only a chat reply.
  const stoppable = sending && build?.sessionId !== pending.sessionId

  const send = async () => {
    if (sending || blank) return
    const message = text
    setText('')
    const outcome = await dispatch(sendChatMessage({ text: message, model: model?.name ?? null })).unwrap()
    if (outcome.kind === 'replied' && outcome.filesSaved) showToast('success', CHAT_TEXTS.filesSaved)
    input.current?.focus()
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void send()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={`${id}-message`} className={styles.label}>
        Your Message
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Enter sends; Shift+Enter adds a new line.
      </p>
      <textarea
        ref={input}
        id={`${id}-message`}
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        placeholder="Ask about Overseer, or describe what to build..."
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? `${id}-error` : undefined}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={sending || blank}>
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
        {stoppable && (
          <Button type="button" variant="secondary" onClick={() => void dispatch(stopChatReply())} disabled={pending.stopping}>
            {pending.stopping ? 'Stopping...' : 'Stop'}
          </Button>
        )}
      </div>
      <p id={`${id}-error`} className={styles.error} role="alert">
        {error ?? ''}
      </p>
      {toast && (
        <Toast key={toast.id} type={toast.type} message={toast.message} duration={CHAT_TOAST_MS} onClose={hideToast} />
      )}
    </form>
  )
}

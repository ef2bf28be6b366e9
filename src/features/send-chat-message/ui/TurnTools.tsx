import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useModelChoice } from '@/entities/ai-model'
import { MAX_MESSAGE_LENGTH, selectPendingReply, selectTurns, type ChatTurn, type TurnToolsContext } from '@/entities/chat'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Button } from '@/shared/ui'
import { resendChatMessage } from '../model/resendChatMessage'
import styles from './TurnTools.module.scss'

/** The start of a message, to tell its Edit button from the others'. */
const snippetOf = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 40 ? `${line.slice(0, 39)}…` : line
}

interface EditorProps {
  turn: ChatTurn
  busy: boolean
  onCancel: () => void
  onSave: (text: string) => void
}

/** The inline editor of a sent message: Save & resend (or Enter), Cancel (or Escape). */
const Editor = ({ turn, busy, onCancel, onSave }: EditorProps) => {
  const [text, setText] = useState(turn.content)
  const input = useRef<HTMLTextAreaElement>(null)
  const id = useId()
  const blank = text.trim() === ''

  useEffect(() => {
    const box = input.current
    if (!box) return
    box.focus()
    box.setSelectionRange(box.value.length, box.value.length)
  }, [])

  const save = () => {
    if (!blank && !busy) onSave(text)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      save()
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save()
  }

  return (
    <form className={styles.editor} onSubmit={onSubmit}>
      <label htmlFor={`${id}-text`} className={styles.label}>
        Edit your message
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Enter saves and resends, replacing the later turns; Escape cancels.
      </p>
      <textarea
        ref={input}
        id={`${id}-text`}
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        maxLength={MAX_MESSAGE_LENGTH}
        aria-describedby={`${id}-hint`}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={blank || busy}>
          Save &amp; resend
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

interface TurnToolsProps {
  turn: ChatTurn
  context: TurnToolsContext
}

/**
 * A turn's tools: Regenerate under the last reply (its question again, with the model in use),
 * and Edit on each of the user's messages, which opens the inline editor in the message's place.
 * Saving replaces the message and every later turn with the edit and its new reply.
 */
export const TurnTools = ({ turn, context }: TurnToolsProps) => {
  const dispatch = useAppDispatch()
  const { model } = useModelChoice()
  const busy = useAppSelector(selectPendingReply) !== null
  const turns = useAppSelector(selectTurns)
  const editTools = useRef<HTMLDivElement>(null)
  // Set on Cancel: the Edit button takes the focus back once it is there again.
  const refocus = useRef(false)
  const { editing, setEditing } = context

  useEffect(() => {
    if (editing || !refocus.current) return
    refocus.current = false
    editTools.current?.querySelector('button')?.focus()
  }, [editing])

  const resend = (turnId: string, text: string) => {
    void dispatch(resendChatMessage({ turnId, text, model: model?.name ?? null }))
  }

  if (turn.role === 'assistant') {
    const question = turns.findLast((candidate) => candidate.role === 'user')
    if (!context.last || busy || !question) return null
    return (
      <div className={styles.tools}>
        <Button variant="ghost" className={styles.tool} onClick={() => resend(question.id, question.content)}>
          Regenerate
        </Button>
      </div>
    )
  }

  if (editing) {
    return (
      <Editor
        turn={turn}
        busy={busy}
        onCancel={() => {
          refocus.current = true
          setEditing(false)
        }}
        onSave={(text) => {
          setEditing(false)
          resend(turn.id, text)
        }}
      />
    )
  }

  return (
    <div ref={editTools} className={styles.tools}>
      <Button variant="ghost" className={styles.tool} onClick={() => setEditing(true)} disabled={busy} aria-label={`Edit your message: ${snippetOf(turn.content)}`}>
        Edit
      </Button>
    </div>
  )
}

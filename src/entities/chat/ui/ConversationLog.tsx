import { useState, type ReactNode } from 'react'
import { useStickToBottom } from '@/shared/lib/scroll'
import { useAppSelector } from '@/shared/lib/store'
import { Button } from '@/shared/ui'
import { selectPendingReply, selectTurns } from '../model/chatSlice'
import type { ChatTurn } from '../model/types'
import { MessageContent } from './MessageContent'
import styles from './ConversationLog.module.scss'

const SPEAKER: Record<ChatTurn['role'], string> = { user: 'You', assistant: 'Overseer' }

/** Only site paths and http(s) addresses are offered for download. */
const safeDownload = (url: string): string | undefined => (/^(?:\/(?!\/)|https?:\/\/)/i.test(url) ? url : undefined)

/** What the tools of a turn know: whether it is the last one, and whether it is being edited (its text then gives way to them). */
export interface TurnToolsContext {
  last: boolean
  editing: boolean
  setEditing: (editing: boolean) => void
}

interface TurnProps {
  turn: ChatTurn
  after?: ((turn: ChatTurn) => ReactNode) | undefined
  tools?: ReactNode
  editing?: boolean
}

const Turn = ({ turn, after, tools, editing = false }: TurnProps) => {
  const download = turn.downloadUrl ? safeDownload(turn.downloadUrl) : undefined
  return (
    <li className={`${styles.turn} ${styles[turn.role]} ${turn.failed ? styles.failed : ''}`}>
      <p className={styles.speaker}>{SPEAKER[turn.role]}</p>
      <div className={styles.body}>
        {!editing && <MessageContent text={turn.content} markdown={turn.role === 'assistant' && !turn.failed} />}
        {tools}
        {download && (
          <p className={styles.download}>
            <a href={download} download>
              Download your project files (.zip)
            </a>
          </p>
        )}
        {after?.(turn)}
      </div>
    </li>
  )
}

interface ConversationLogProps {
  /** Shown when there are no turns. */
  emptyText: string
  /** What a page shows under a turn (a delivered build's files). */
  renderAfterTurn?: (turn: ChatTurn) => ReactNode
  /** A turn's tools (regenerate, edit), shown with it; while it is edited they take its text's place. */
  renderTurnTools?: (turn: ChatTurn, context: TurnToolsContext) => ReactNode
}

/**
 * The current conversation: 'You' and 'Overseer' turns in a log region (new turns are announced),
 * and the reply being generated, streamed in as it comes (busy until the whole reply is there).
 */
export const ConversationLog = ({ emptyText, renderAfterTurn, renderTurnTools }: ConversationLogProps) => {
  const turns = useAppSelector(selectTurns)
  const pending = useAppSelector(selectPendingReply)
  const [editingId, setEditingId] = useState<string | null>(null)
  const streamed = pending?.text ?? ''
  // The conversation scrolls in a region of its own and follows the newest text, as chats do,
  // unless the reader scrolled up (instantly: smooth scrolling can make people sick). Their own
  // next message, like another conversation, follows again.
  const { ref, onScroll, away, jump } = useStickToBottom<HTMLDivElement>(
    `${turns.length}:${streamed.length}:${pending ? 1 : 0}`,
    turns.filter((turn) => turn.role === 'user').at(-1)?.id,
  )

  const jumpToLatest = () => {
    jump()
    // The button goes away: the region keeps the focus, for the arrow keys.
    ref.current?.focus({ preventScroll: true })
  }

  const log = (
    <div className={styles.log}>
      <div role="log" aria-label="Messages" aria-live="polite" aria-relevant="additions">
        <ol className={styles.turns}>
          {turns.map((turn, index) => {
            const editing = editingId === turn.id
            const context = {
              last: index === turns.length - 1,
              editing,
              setEditing: (on: boolean) => setEditingId(on ? turn.id : null),
            }
            return <Turn key={turn.id} turn={turn} after={renderAfterTurn} tools={renderTurnTools?.(turn, context)} editing={editing} />
          })}
        </ol>
      </div>
      {pending && (
        <div className={`${styles.turn} ${styles.assistant} ${styles.streaming}`} aria-busy="true" data-testid="streaming-reply">
          <p className={styles.speaker}>Overseer</p>
          <div className={styles.body}>
            {streamed ? (
              <MessageContent text={streamed} markdown />
            ) : (
              <p className={styles.thinking}>
                <span className={styles.dots} aria-hidden="true" />
                Thinking…
              </p>
            )}
          </div>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {pending ? (pending.stopping ? 'Stopping the reply…' : 'Overseer is replying…') : ''}
      </p>
    </div>
  )

  return (
    <div className={styles.frame}>
      <div ref={ref} className={styles.scroller} onScroll={onScroll} tabIndex={0} role="region" aria-label="Conversation messages">
        {/* One child that stays, whose growth the region follows. */}
        <div>{turns.length === 0 && !pending ? <p className={styles.empty}>{emptyText}</p> : log}</div>
      </div>
      {away && (
        <Button variant="secondary" className={styles.jump} onClick={jumpToLatest}>
          <span aria-hidden="true">↓</span> Jump to latest
        </Button>
      )}
    </div>
  )
}

import type { ReactNode } from 'react'
import type { ChatMessage } from '../model/types'
import { MessageContent } from './MessageContent'
import styles from './ConversationLog.module.scss'

const SPEAKER: Record<ChatMessage['role'], string> = { user: 'You', assistant: 'Overseer' }

interface ReadOnlyConversationProps<M extends ChatMessage> {
  messages: readonly M[]
  label: string
  /** What a page shows under a message (the files of a project a reply delivered). */
  renderAfterMessage?: (message: M) => ReactNode
}

/** A stored conversation to read, not to continue: 'You' and 'Overseer' turns, replies as Markdown. */
export const ReadOnlyConversation = <M extends ChatMessage>({ messages, label, renderAfterMessage }: ReadOnlyConversationProps<M>) => (
  <ol className={styles.turns} aria-label={label}>
    {messages.map((message, index) => (
      <li key={index} className={`${styles.turn} ${styles[message.role]}`}>
        <p className={styles.speaker}>{SPEAKER[message.role]}</p>
        <div className={styles.body}>
          <MessageContent text={message.content} markdown={message.role === 'assistant'} />
          {renderAfterMessage?.(message)}
        </div>
      </li>
    ))}
  </ol>
)

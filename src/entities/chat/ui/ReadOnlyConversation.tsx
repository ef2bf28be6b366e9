import type { ChatMessage } from '../model/types'
import { MessageContent } from './MessageContent'
import styles from './ConversationLog.module.scss'

const SPEAKER: Record<ChatMessage['role'], string> = { user: 'You', assistant: 'Overseer' }

/** A stored conversation to read, not to continue: 'You' and 'Overseer' turns, replies as Markdown. */
export const ReadOnlyConversation = ({ messages, label }: { messages: readonly ChatMessage[]; label: string }) => (
  <ol className={styles.turns} aria-label={label}>
    {messages.map((message, index) => (
      <li key={index} className={`${styles.turn} ${styles[message.role]}`}>
        <p className={styles.speaker}>{SPEAKER[message.role]}</p>
        <div className={styles.body}>
          <MessageContent text={message.content} markdown={message.role === 'assistant'} />
        </div>
      </li>
    ))}
  </ol>
)

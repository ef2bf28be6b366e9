import { createHash, randomBytes } from 'node:crypto'
import { CONVERSATION_TITLE_MAX_LENGTH, SHARE_PATH, TOOLS_MESSAGES, UNDO_WINDOW_SECONDS, type ConversationExport, type ExportFormat } from '@contracts/conversationTools'
import type { Database } from '../db'
import { InvalidError } from '../lib/errors'
import type { QuestionReader } from '../questions/questionRepository'
import { createSessionOwnerRepository } from '../sessions/sessionOwners'
import type { Conversation, ConversationBuildsIn } from './conversationRepository'
import { createConversationToolsRepository as conversationToolsIn, type SharedSnapshot } from './conversationToolsRepository'

export const UNDO_WINDOW_MS = UNDO_WINDOW_SECONDS * 1000

export interface ConversationToolsOptions {
  db: Database
  /** What an undone deletion gives back of the conversation's builds (the builds module does it). */
  buildsIn: ConversationBuildsIn
  /** What time it is (tests move it on to see the undo window end). */
  clock?: () => Date
  undoWindowMs?: number
  /** How the offline assistant reads a question: a restored question stored before readings were is read again. */
  read: QuestionReader
}

/** A share link's token: 256 random bits, base64url (43 characters). */
const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/

export const shareTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex')

/** A title as the owner typed it, trimmed to one line; an InvalidError when blank or too long. */
export const cleanTitle = (title: string): string => {
  const line = title.replace(/\s+/g, ' ').trim()
  if (line === '') throw new InvalidError(TOOLS_MESSAGES.titleBlank, { title: TOOLS_MESSAGES.titleBlank })
  if (line.length > CONVERSATION_TITLE_MAX_LENGTH) throw new InvalidError(TOOLS_MESSAGES.titleTooLong, { title: TOOLS_MESSAGES.titleTooLong })
  return line
}

const SPEAKER = { user: 'You', assistant: 'Overseer' } as const

/** The conversation as an export file's content. */
export const exportOf = (conversation: Conversation, exportedAt: Date): ConversationExport => ({
  id: conversation.id,
  title: conversation.title,
  status: conversation.status,
  model: conversation.model,
  createdAt: conversation.createdAt.toISOString(),
  updatedAt: conversation.updatedAt.toISOString(),
  exportedAt: exportedAt.toISOString(),
  messages: conversation.messages.map((message) => ({
    role: message.role,
    content: message.content,
    ...(message.role === 'assistant' && message.model !== null && { model: message.model }),
    ...(message.role === 'assistant' && { stopped: message.stopped }),
  })),
})

/** A Markdown document: the title, when, then each turn under its speaker's heading. */
export const markdownOf = (file: ConversationExport): string => {
  const lines = [
    `# ${file.title || 'Untitled conversation'}`,
    '',
    `- Started: ${file.createdAt}`,
    `- Last activity: ${file.updatedAt}`,
    `- Model: ${file.model}`,
    `- Exported from the Overseer assistant: ${file.exportedAt}`,
  ]
  for (const message of file.messages) lines.push('', `## ${SPEAKER[message.role]}`, '', message.content.trimEnd())
  return `${lines.join('\n')}\n`
}

/** The download's file name: the title's letters and digits, in ASCII. */
export const exportFilename = (title: string, format: ExportFormat): string => {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return `${slug || 'conversation'}.${format}`
}

/**
 * Rename, restore and share the owners' conversations, and forget deletions once they can no
 * longer be undone (deleting is ChatService's, which also stops a reply being generated).
 */
export class ConversationTools {
  private readonly db: Database
  private readonly buildsIn: ConversationBuildsIn
  private readonly clock: () => Date
  private readonly undoWindowMs: number
  private readonly read: QuestionReader

  constructor({ db, buildsIn, clock = () => new Date(), undoWindowMs = UNDO_WINDOW_MS, read }: ConversationToolsOptions) {
    this.read = read
    this.db = db
    this.buildsIn = buildsIn
    this.clock = clock
    this.undoWindowMs = undoWindowMs
  }

  now(): Date {
    return this.clock()
  }

  /** The title is checked first (a bad one is refused whoever asks); undefined when the owner has no such conversation. */
  async rename(ownerKey: string | undefined, id: string | undefined, title: string | null): Promise<{ title: string; renamed: boolean } | undefined> {
    const clean = title === null ? null : cleanTitle(title)
    return ownerKey && id ? conversationToolsIn(this.db).rename(ownerKey, id, clean) : undefined
  }

  /** False when the owner deleted no such conversation within the undo window. */
  restore(ownerKey: string, id: string): Promise<boolean> {
    const since = new Date(this.now().getTime() - this.undoWindowMs)
    return this.db.transaction(async (tx) => {
      const restored = await conversationToolsIn(tx).restore(ownerKey, id, since, this.read)
      if (restored === undefined) return false
      await this.buildsIn(tx).reattach(id, restored.buildIds)
      await createSessionOwnerRepository(tx).reattach(id, restored.sessionIds, ownerKey)
      await conversationToolsIn(tx).replyLostUnlessBuilding(id)
      return true
    })
  }

  /** Deletions older than the undo window become final; their builds' archives are swept next. */
  purgeDeleted(): Promise<number> {
    return conversationToolsIn(this.db).purgeDeleted(new Date(this.now().getTime() - this.undoWindowMs))
  }

  /** A new share link, or undefined when the owner has no such conversation. */
  async share(ownerKey: string, id: string): Promise<{ token: string; path: string; sharedAt: Date } | undefined> {
    const token = randomBytes(32).toString('base64url')
    const sharedAt = this.now()
    const shared = await conversationToolsIn(this.db).share(ownerKey, id, shareTokenHash(token), sharedAt)
    return shared ? { token, path: `${SHARE_PATH}${token}`, sharedAt } : undefined
  }

  revoke(ownerKey: string, id: string): Promise<boolean> {
    return conversationToolsIn(this.db).revoke(ownerKey, id)
  }

  /** The snapshot a link shows; undefined for a token that is malformed, unknown or revoked. */
  async shared(token: string): Promise<SharedSnapshot | undefined> {
    if (!SHARE_TOKEN.test(token)) return undefined
    return conversationToolsIn(this.db).shared(shareTokenHash(token))
  }
}

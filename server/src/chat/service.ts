import { randomUUID } from 'node:crypto'
import type { Database } from '../db'
import { ConflictError, DomainError, InvalidError, NotFoundError } from '../lib/errors'
import { InFlight } from '../lib/inFlight'
import { createConversationRepository as conversationsIn, type Conversation, type ConversationBuildsIn, type HistoryQuery } from './conversationRepository'
import { createConversationToolsRepository as conversationToolsIn } from './conversationToolsRepository'
import type { ModelCatalog } from '../llm/models'
import type { SessionOwnerRepository } from '../sessions/sessionOwners'
import { tokenCounter } from '../llm/tokenizer'
import { ProviderError, type ChatMessage, type ProviderLog } from '../llm/types'
import { CHAT_MESSAGES, type ChatInput } from './validation'

/** How a reply streams to the socket.io room of its session. */
export interface ChatEvents {
  /** Before the first delta: only the owner's sockets may stay in the room. */
  claimRoom(sessionId: string, ownerKey: string): Promise<void>
  delta(event: { sessionId: string; conversationId: string; delta: string }): void
  done(event: { sessionId: string; conversationId: string; status: 'completed' | 'error'; stopped: boolean; message?: string }): void
}

export interface Usage {
  promptTokens: number
  completionTokens: number
  totalTokens: number
}

export type SendResult =
  | { kind: 'reply'; conversationId: string; reply: string; stopped: boolean; model: string; usage: Usage; sessionId: string }
  | { kind: 'failed'; conversationId: string; error: ProviderError; sessionId: string }

export type StopResult = 'stopped' | 'idle' | 'not-found'

/** What a conversation left processing by a server that stopped says. */
export const INTERRUPTED_MESSAGE = 'The reply was interrupted (the server stopped). Please send the message again.'
/** A processing conversation older than this is left over from a stopped server, not in flight. */
export const STALE_PROCESSING_MS = 15 * 60_000

/** The note added to a reply the owner stopped, so every client shows that it is incomplete. */
export const STOPPED_NOTE = '_(Stopped before the reply was complete.)_'

interface Generation {
  ownerKey: string
  conversationId: string | undefined
  controller: AbortController
}

export interface ChatServiceOptions {
  db: Database
  /** What an edit does to the builds of the turns it replaces (the builds module does it). */
  buildsIn: ConversationBuildsIn
  catalog: ModelCatalog
  sessions: SessionOwnerRepository
  events: ChatEvents
  /** What time it is (when a conversation was deleted decides until when it can be restored). */
  clock?: () => Date
}

const withStopNote = (content: string): string => (content.trim() ? `${content.trimEnd()}\n\n${STOPPED_NOTE}` : STOPPED_NOTE)

/**
 * Sends chat messages to a model and keeps the owner's conversations: a conversation is stored
 * (processing) before the model is asked, then completed with the reply, or marked error with
 * the reason when the provider fails; a failed reply stores nothing of its partial text.
 */
export class ChatService {
  /** Replies being generated in this process, by session id. */
  private readonly generations = new Map<string, Generation>()
  /** Every send, until it has stored its outcome. */
  private readonly inFlight = new InFlight()

  constructor(private readonly options: ChatServiceOptions) {}

  get activeCount(): number {
    return this.generations.size
  }

  send(ownerKey: string, input: ChatInput, log?: ProviderLog): Promise<SendResult> {
    return this.inFlight.track(this.generate(ownerKey, input, log))
  }

  private async generate(ownerKey: string, input: ChatInput, log?: ProviderLog): Promise<SendResult> {
    const { db, catalog, sessions, events } = this.options
    const model = input.model ?? (await catalog.current())
    const provider = await catalog.providerFor(model)
    if (!provider) throw new InvalidError(CHAT_MESSAGES.unknownModel(model), { model: CHAT_MESSAGES.unknownModel(model) })

    const sessionId = input.sessionId ?? randomUUID()
    // Claimed synchronously, so two requests with one session id cannot both start.
    if (this.generations.has(sessionId)) throw new ConflictError(CHAT_MESSAGES.sessionBusy)
    const generation: Generation = { ownerKey, conversationId: undefined, controller: new AbortController() }
    this.generations.set(sessionId, generation)

    try {
      if (!(await sessions.claim(sessionId, ownerKey, 'chat'))) throw new ConflictError(CHAT_MESSAGES.sessionTaken)
      await events.claimRoom(sessionId, ownerKey)

      const { conversationId, context } = await this.openConversation(ownerKey, input, model)
      generation.conversationId = conversationId
      await sessions.attach(sessionId, conversationId)

      let completion
      try {
        completion = await provider.complete(
          { model, messages: context },
          {
            signal: generation.controller.signal,
            onDelta: (delta) => events.delta({ sessionId, conversationId, delta }),
            ...(log && { log }),
          },
        )
      } catch (error) {
        const failure =
          error instanceof ProviderError ? error : new ProviderError(502, 'The model failed unexpectedly. Please try again.', { cause: error })
        await conversationsIn(db).fail(conversationId, failure.message)
        events.done({ sessionId, conversationId, status: 'error', stopped: false, message: failure.message })
        return { kind: 'failed', conversationId, error: failure, sessionId }
      }

      const reply = completion.stopped ? withStopNote(completion.content) : completion.content
      const counter = await tokenCounter()
      const usage = { promptTokens: counter.prompt(completion.prompt), completionTokens: counter.text(completion.content) }
      const question = context.at(-1)?.content ?? ''
      const answers = this.options.catalog.answers(question, completion.source)
      await db.transaction((tx) => conversationsIn(tx).complete(conversationId, { content: reply, model, stopped: completion.stopped, ...usage, answers }))
      events.done({ sessionId, conversationId, status: 'completed', stopped: completion.stopped })
      return {
        kind: 'reply',
        conversationId,
        reply,
        stopped: completion.stopped,
        model,
        usage: { ...usage, totalTokens: usage.promptTokens + usage.completionTokens },
        sessionId,
      }
    } catch (error) {
      // Not the provider: a refusal (DomainError) or a storage failure. A stored conversation
      // must not stay processing.
      if (generation.conversationId && !(error instanceof DomainError)) {
        await conversationsIn(db).fail(generation.conversationId, 'The reply could not be saved. Please try again.').catch(() => undefined)
      }
      throw error
    } finally {
      this.generations.delete(sessionId)
    }
  }

  /**
   * Stores the question (a new conversation with status processing, a follow-up to one of the
   * owner's, or with `replaceFrom` an edit of one of its user messages that replaces every later
   * turn) and returns what the model is given. Build requests store theirs the same way.
   */
  async openConversation(ownerKey: string, input: ChatInput, model: string): Promise<{ conversationId: string; context: ChatMessage[] }> {
    const { db } = this.options
    const question = input.messages.at(-1) as ChatMessage
    if (input.conversationId === undefined) {
      const id = randomUUID()
      await conversationsIn(db).create({ id, ownerKey, model, messages: input.messages })
      return { conversationId: id, context: input.messages }
    }
    const conversationId = input.conversationId
    const context = await db.transaction(async (tx) => {
      const conversation: Conversation | undefined = await conversationsIn(tx).find(ownerKey, conversationId, { lock: true })
      if (!conversation) throw new NotFoundError(CHAT_MESSAGES.conversationNotFound)
      const inFlight = conversation.status === 'processing' && Date.now() - conversation.updatedAt.getTime() < STALE_PROCESSING_MS
      if (inFlight) throw new ConflictError(CHAT_MESSAGES.conversationBusy)
      const { replaceFrom } = input
      if (replaceFrom !== undefined) {
        if (conversation.messages[replaceFrom]?.role !== 'user') {
          throw new InvalidError(CHAT_MESSAGES.notUserMessage(replaceFrom), { replaceFrom: CHAT_MESSAGES.notUserMessage(replaceFrom) })
        }
        await this.options.buildsIn(tx).detachFrom(conversation.id, replaceFrom)
        await conversationsIn(tx).replaceFrom(conversation, replaceFrom, question.content, model)
        return [...conversation.messages.slice(0, replaceFrom).map(({ role, content }) => ({ role, content })), question]
      }
      await conversationsIn(tx).appendUserMessage(conversation, question.content, model)
      return [...conversation.messages.map(({ role, content }) => ({ role, content })), question]
    })
    return { conversationId, context }
  }

  /** Stops the reply of `sessionId` if it is the owner's and still being generated. */
  async stop(ownerKey: string, sessionId: string): Promise<StopResult> {
    const generation = this.generations.get(sessionId)
    if (generation && generation.ownerKey === ownerKey) {
      generation.controller.abort()
      return 'stopped'
    }
    return (await this.options.sessions.ownerOf(sessionId)) === ownerKey ? 'idle' : 'not-found'
  }

  history(ownerKey: string, query: HistoryQuery) {
    return conversationsIn(this.options.db).list(ownerKey, query)
  }

  conversation(ownerKey: string, id: string) {
    return conversationsIn(this.options.db).find(ownerKey, id)
  }

  /**
   * Deletes one of the owner's conversations, stopping its reply if one is being generated. It is
   * gone at once; a copy is kept for a while so the deletion can be undone (ConversationTools).
   */
  async delete(ownerKey: string, id: string): Promise<boolean> {
    const deletedAt = this.options.clock?.() ?? new Date()
    const deleted = await this.options.db.transaction((tx) => conversationToolsIn(tx).trash(ownerKey, id, deletedAt))
    if (deleted) {
      for (const generation of this.generations.values()) {
        if (generation.ownerKey === ownerKey && generation.conversationId === id) generation.controller.abort()
      }
    }
    return deleted
  }

  /** Marks conversations left processing by a stopped server as failed. */
  failStale(): Promise<number> {
    return conversationsIn(this.options.db).failStale(STALE_PROCESSING_MS, INTERRUPTED_MESSAGE)
  }

  /** Stops every reply and waits until each has stored its outcome, so the database can close. */
  async drain(): Promise<void> {
    for (const generation of this.generations.values()) generation.controller.abort()
    await this.inFlight.settled()
  }
}

import fp from 'fastify-plugin'
import { progressRoom } from '../plugins/app/socket'
import { ModelCatalog } from '../llm/models'
import { LocalProvider, type LocalProviderOptions } from '../llm/providers/local'
import { LocalAssistant } from '../llm/local/assistant'
import { CorrectionsCache } from '../questions/correctionsCache'
import { OpenAiProvider, type OpenAiProviderOptions } from '../llm/providers/openai'
import { ChatRateLimiter } from '../limits/chatLimiter'
import { ChatService, type ChatEvents } from './service'
import { ConversationTools } from './conversationTools'
import type { ConversationBuildsIn } from './conversationRepository'
import { evictOtherOwners } from '../sessions/socketPolicy'
import { systemPromptFor } from './systemPrompt'
import { preloadTokenizer } from '../llm/tokenizer'

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService
    chatModels: ModelCatalog
    chatLimiter: ChatRateLimiter
    /** Rename, undo a deletion, export and share the owners' conversations. */
    conversationTools: ConversationTools
    /** Staff's corrections of the offline assistant, and the assistant (its docs' sections). */
    assistantCorrections: CorrectionsCache
  }
}

export interface ChatPluginOptions {
  /** Test hooks: pace the local engine, or tune the remote provider's retries. */
  local?: LocalProviderOptions
  remote?: Partial<Pick<OpenAiProviderOptions, 'maxAttempts' | 'backoffMs' | 'maxRetryAfterMs' | 'modelsCacheMs' | 'modelsFailureCacheMs'>>
  /** Test hook: the time that deletions, their undo window and share links go by. */
  clock?: () => Date
  /** What chat changes of its conversations' builds: the builds module's repository (app.ts gives it). */
  buildsIn: ConversationBuildsIn
}

const SWEEP_INTERVAL_MS = 60_000

/**
 * The assistant chat: the engines, the model list and conversations. The docs the offline engine answers from are indexed once, at start.
 */
export default fp<ChatPluginOptions>(
  async (app, options) => {
    const { chat: config } = app.config
    preloadTokenizer()

    const assistant = await LocalAssistant.fromDirectory(config.docsDir)
    const corrections = new CorrectionsCache(app.db, assistant)
    const local = new LocalProvider(assistant, { ...options.local, corrections: () => corrections.current() })
    if (local.passageCount === 0) app.log.warn({ docsDir: config.docsDir }, 'overseer-local has no docs to answer from')

    const remote = config.llm
      ? new OpenAiProvider({
          ...config.llm,
          ...options.remote,
          systemPrompt: (messages) => systemPromptFor(local.assistant, messages),
          log: app.log,
        })
      : undefined

    const { sessionOwners } = app
    const catalog = new ModelCatalog(local, remote, config.defaultModel)

    const events: ChatEvents = {
      claimRoom: (sessionId, ownerKey) => evictOtherOwners(app, sessionId, ownerKey),
      delta: (event) => app.io.to(progressRoom(event.sessionId)).emit('chat:delta', event),
      done: (event) => app.io.to(progressRoom(event.sessionId)).emit('chat:done', event),
    }

    const chat = new ChatService({ db: app.db, buildsIn: options.buildsIn, catalog, sessions: sessionOwners, events, ...(options.clock && { clock: options.clock }) })
    const conversationTools = new ConversationTools({
      db: app.db,
      buildsIn: options.buildsIn,
      read: (question) => assistant.read(question),
      ...(options.clock && { clock: options.clock }),
    })
    const limiter = new ChatRateLimiter(app.limitCounter)

    app.decorate('chat', chat)
    app.decorate('chatModels', catalog)
    app.decorate('chatLimiter', limiter)
    app.decorate('conversationTools', conversationTools)
    app.decorate('assistantCorrections', corrections)

    await chat.failStale().then(
      (failed) => {
        if (failed > 0) app.log.warn({ conversations: failed }, 'marked interrupted chat replies as failed')
      },
      (err: unknown) => app.log.warn({ err }, 'could not check for interrupted chat replies'),
    )

    const sweeper = setInterval(() => {
      // Deletions past their undo window become final (the builds' sweep then removes their archives).
      void conversationTools.purgeDeleted().catch((err: unknown) => app.log.warn({ err }, 'deleted conversation sweep failed'))
    }, SWEEP_INTERVAL_MS).unref()

    app.addHook('preClose', async () => {
      clearInterval(sweeper)
      await chat.drain()
    })
  },
  { name: 'chat', dependencies: ['config', 'db', 'auth', 'socket', 'limits', 'sessions'] },
)

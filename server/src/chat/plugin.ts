import fp from 'fastify-plugin'
import { progressRoom } from '../plugins/app/socket'
import { ModelCatalog } from '../llm/models'
import { LocalProvider, type LocalProviderOptions } from '../llm/providers/local'
import { OpenAiProvider, type OpenAiProviderOptions } from '../llm/providers/openai'
import { ChatRateLimiter } from '../limits/chatLimiter'
import { ChatService, type ChatEvents } from './service'
import { ConversationTools } from './conversationTools'
import { createSessionOwners, type SessionOwners } from './sessionOwners'
import { evictOtherOwners } from './socketPolicy'
import { systemPromptFor } from './systemPrompt'
import { preloadTokenizer } from '../llm/tokenizer'

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService
    chatModels: ModelCatalog
    chatLimiter: ChatRateLimiter
    /** Rename, undo a deletion, export and share the owners' conversations. */
    conversationTools: ConversationTools
    /** Who owns each realtime session id (chat replies now, builds later). */
    sessionOwners: SessionOwners
  }
}

export interface ChatPluginOptions {
  /** Test hooks: pace the local engine, or tune the remote provider's retries. */
  local?: LocalProviderOptions
  remote?: Partial<Pick<OpenAiProviderOptions, 'maxAttempts' | 'backoffMs' | 'maxRetryAfterMs' | 'modelsCacheMs' | 'modelsFailureCacheMs'>>
  /** Test hook: the time that deletions, their undo window and share links go by. */
  clock?: () => Date
}

const SWEEP_INTERVAL_MS = 60_000
/** Session ids are kept this long (a build may run long; a chat reply is done in minutes). */
const SESSION_OWNER_TTL_MS = 7 * 24 * 60 * 60_000

/**
 * The assistant chat: the engines, the model list, conversations and the realtime
 * session registry. The docs the offline engine answers from are indexed once, at start.
 */
export default fp<ChatPluginOptions>(
  async (app, options) => {
    const { chat: config } = app.config
    preloadTokenizer()

    const local = await LocalProvider.fromDirectory(config.docsDir, options.local)
    if (local.passageCount === 0) app.log.warn({ docsDir: config.docsDir }, 'overseer-local has no docs to answer from')

    const remote = config.llm
      ? new OpenAiProvider({
          ...config.llm,
          ...options.remote,
          systemPrompt: (messages) => systemPromptFor(local.assistant, messages),
          log: app.log,
        })
      : undefined

    const sessionOwners = createSessionOwners(app.db)
    const catalog = new ModelCatalog(local, remote, config.defaultModel)

    const events: ChatEvents = {
      claimRoom: (sessionId, ownerKey) => evictOtherOwners(app, sessionId, ownerKey),
      delta: (event) => app.io.to(progressRoom(event.sessionId)).emit('chat:delta', event),
      done: (event) => app.io.to(progressRoom(event.sessionId)).emit('chat:done', event),
    }

    const chat = new ChatService({ db: app.db, catalog, sessions: sessionOwners, events, ...(options.clock && { clock: options.clock }) })
    const conversationTools = new ConversationTools({ db: app.db, ...(options.clock && { clock: options.clock }) })
    const limiter = new ChatRateLimiter(app.limitCounter)

    app.decorate('chat', chat)
    app.decorate('chatModels', catalog)
    app.decorate('chatLimiter', limiter)
    app.decorate('sessionOwners', sessionOwners)
    app.decorate('conversationTools', conversationTools)

    await chat.failStale().then(
      (failed) => {
        if (failed > 0) app.log.warn({ conversations: failed }, 'marked interrupted chat replies as failed')
      },
      (err: unknown) => app.log.warn({ err }, 'could not check for interrupted chat replies'),
    )

    const sweeper = setInterval(() => {
      void sessionOwners.sweep(SESSION_OWNER_TTL_MS).catch((err: unknown) => app.log.warn({ err }, 'session owner sweep failed'))
      // Deletions past their undo window become final (the builds' sweep then removes their archives).
      void conversationTools.purgeDeleted().catch((err: unknown) => app.log.warn({ err }, 'deleted conversation sweep failed'))
    }, SWEEP_INTERVAL_MS).unref()

    app.addHook('preClose', async () => {
      clearInterval(sweeper)
      await chat.drain()
    })
  },
  { name: 'chat', dependencies: ['config', 'db', 'auth', 'socket', 'limits'] },
)

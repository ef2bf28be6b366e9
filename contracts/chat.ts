/**
 * The assistant's chat and build requests: what is sent, what is answered, and the conversations
 * in the history. The server's routes validate and document with these; the SPA checks answers.
 */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { ReplyRating } from './questions'
import { BUILD_STATUSES, PROJECT_KINDS, STAGE_IDS } from './builds'
import { ErrorResponse } from './common'
import { ClarificationQuestion } from './buildEvents'

export const MAX_MESSAGES = 100
export const MAX_MESSAGE_LENGTH = 16_000
export const MAX_MODEL_LENGTH = 200
export const HISTORY_PAGE_SIZE = 5
export const HISTORY_MAX_PAGE_SIZE = 50
export const MAX_SEARCH_LENGTH = 500

/** A string that is one of `values`, written as `enum` (as the OpenAPI document has always shown it). */
const oneOf = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options })
const uuid = (description?: string) => Type.String({ format: 'uuid', ...(description && { description }) })
const timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description && { description }) })

/**
 * A signed-in user's credential, or none: anonymous visitors are known by the HttpOnly
 * `overseer_visitor` cookie (`__Host-overseer_visitor` over HTTPS), which these routes set.
 */
export const chatSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }, {}]

export const OWNER_NOTE =
  'Conversations belong to the signed-in user (bearer token or session cookie), else to the anonymous visitor of the HttpOnly `overseer_visitor` cookie, set by these routes when missing; each owner sees only their own.'

export const ChatMessage = Type.Object(
  { role: oneOf(['user', 'assistant'] as const), content: Type.String({ description: 'Markdown text' }) },
  { additionalProperties: false },
)
export type ChatMessage = Static<typeof ChatMessage>

const RequestMessage = Type.Object(
  {
    role: oneOf(['user', 'assistant'] as const),
    content: Type.String({ maxLength: MAX_MESSAGE_LENGTH, description: `At most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters` }),
  },
  { additionalProperties: false },
)

export const ChatBody = Type.Object({
  messages: Type.Array(RequestMessage, {
    minItems: 1,
    maxItems: MAX_MESSAGES,
    description:
      "The conversation, oldest first; the last is the user's question and must not be blank. With `conversationId` only the last one is used: the stored conversation is the context.",
  }),
  model: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_MODEL_LENGTH,
      pattern: '\\S',
      description: 'A name from GET /api/overseer-dev/models; default: its `currentOverseerModel`',
    }),
  ),
  sessionId: Type.Optional(
    uuid(
      'A new random UUID per message. Subscribe to it first (`subscribe:progress`) to receive `chat:delta` and `chat:done`; stop the reply with POST /api/overseer-dev/sessions/{sessionId}/stop.',
    ),
  ),
  conversationId: Type.Optional(
    Type.Union([uuid(), Type.Null()], { description: "Continue this conversation of the caller's (a follow-up); omit to start a new one" }),
  ),
  replaceFrom: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      description:
        "Edit and resend, or regenerate: the position (from 0, in stored order: `messages` then `response` of the history item) of one of the conversation's user messages. That message and every later turn are replaced by the question (the last of `messages`), and a new reply is generated; builds the later turns delivered lose their archives. Needs `conversationId`. To regenerate the last reply, send its question again with the position of that question.",
    }),
  ),
})
export type ChatBody = Static<typeof ChatBody>

export const TokenUsage = Type.Object(
  { promptTokens: Type.Integer(), completionTokens: Type.Integer(), totalTokens: Type.Integer() },
  { description: 'Counted with gpt-tokenizer (o200k_base); the prompt includes any system prompt' },
)
export type TokenUsage = Static<typeof TokenUsage>

const chatReplyProperties = {
  success: Type.Literal(true),
  reply: Type.String({ description: 'Markdown. A stopped reply is what was generated, then a note that it was stopped' }),
  zipUrl: Type.Optional(Type.String({ description: 'Set only by a build: a build request (POST /api/overseer/chat), or a follow-up the chat endpoint handed on to the builder' })),
  conversationId: uuid('Send it back as `conversationId` to continue the conversation'),
  sessionId: uuid(),
  model: Type.String(),
  status: Type.Literal('completed'),
  stopped: Type.Boolean({ description: 'True when the owner stopped the reply before it was complete' }),
  usage: TokenUsage,
}

export const ChatReply = Type.Object(chatReplyProperties, {
  description: 'The reply (also streamed to the session room as `chat:delta` events, then `chat:done`)',
})
export type ChatReply = Static<typeof ChatReply>

/**
 * What the SPA reads of a chat or build answer: every field is optional (a blank or missing reply
 * shows '[No response]'), and a field that is there has the contract's type.
 */
/** Either endpoint's answer, as the client reads it: a build's answer may also say it was a question (`answered`). */
export const ChatAnswer = Type.Partial(Type.Object({ ...chatReplyProperties, answered: Type.Boolean(), questions: Type.Array(ClarificationQuestion) }))
export type ChatAnswer = Static<typeof ChatAnswer>

/** Whether `body` is a failed call's answer that still names its stored conversation. */
export const ConversationRef = Type.Object({ conversationId: Type.String() })

export const ProviderError = (description: string) =>
  Type.Object(
    {
      success: Type.Literal(false),
      message: Type.String(),
      conversationId: uuid('The conversation, stored with status `error` and without a reply'),
      status: Type.Literal('error'),
    },
    { description },
  )

export const CONVERSATION_STATUSES = ['completed', 'error', 'processing'] as const

/** A build one of the conversation's questions started: its timeline is GET /api/overseer/builds/{sessionId}/events. */
export const ConversationBuild = Type.Object({
  sessionId: Type.String(),
  position: Type.Integer({
    minimum: 0,
    description: 'The position of the question that asked for it (from 0, in stored order: `messages` then `response`); its reply, if any, is the next',
  }),
})
export type ConversationBuild = Static<typeof ConversationBuild>

const historyItemProperties = {
  id: uuid(),
  date: timestamp('The last activity (the latest message or reply)'),
  createdAt: timestamp(),
  status: oneOf(CONVERSATION_STATUSES),
  title: Type.String({ description: 'The title its owner gave it, else the first user message on one line (at most 200 characters)' }),
  messageCount: Type.Integer({ description: 'Every stored message, the replies included' }),
  messages: Type.Array(ChatMessage, {
    description: 'The conversation up to its last question (earlier replies included); the last reply is `response`',
  }),
  response: Type.String({ description: "The last reply (Markdown); '' while processing or after an error" }),
  model: Type.String({ description: 'The model of the latest reply' }),
  stopped: Type.Boolean({ description: 'The last reply was stopped by its owner' }),
  error: Type.Optional(Type.String({ description: 'Why the last reply failed (status error)' })),
  sharedAt: Type.Optional(timestamp('When its share link was made, while it has one (POST /api/overseer-dev/chat/history/{id}/share)')),
  builds: Type.Optional(Type.Array(ConversationBuild, { description: 'The builds its questions started, oldest first; left out when there are none' })),
  ratings: Type.Optional(Type.Array(ReplyRating, { description: 'How its owner rated its replies (PUT /api/overseer-dev/chat/history/{id}/ratings/{position}), in order; left out when none is rated' })),
}

export const HistoryItem = Type.Object(historyItemProperties)
export type HistoryItem = Static<typeof HistoryItem>

export const HistoryQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_MAX_PAGE_SIZE, default: HISTORY_PAGE_SIZE })),
    search: Type.Optional(
      Type.String({
        maxLength: MAX_SEARCH_LENGTH,
        description:
          'Words (all must occur, in any form: "deploying" finds "deployed"), "quoted phrases", `or`, and `-word` to exclude; matched against titles, messages and replies and ranked by relevance, then newest. Blank lists everything.',
      }),
    ),
  },
  { additionalProperties: false },
)
export type HistoryQuery = Static<typeof HistoryQuery>

export const HistoryPage = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Array(HistoryItem),
    pagination: Type.Object({
      page: Type.Integer(),
      pages: Type.Integer({ description: 'At least 1' }),
      total: Type.Integer({ description: 'Conversations in all pages' }),
      limit: Type.Integer(),
    }),
    search: Type.Optional(Type.String({ description: 'The search applied (trimmed), when there was one' })),
  },
  { description: "A page of the caller's conversations, newest first (best match first when searching)" },
)
export type HistoryPage = Static<typeof HistoryPage>

export const Conversation = Type.Object({ ...historyItemProperties, usage: Type.Object(TokenUsage.properties, { description: 'Summed over every reply' }) })
export type Conversation = Static<typeof Conversation>

export const ConversationDetail = Type.Object({ success: Type.Literal(true), data: Conversation }, { description: 'One of the caller’s conversations' })
export type ConversationDetail = Static<typeof ConversationDetail>

export const ConversationParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'A conversation id (UUID)' }) })

const sessionId = (description: string) => Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$', description })

export const SessionParams = Type.Object({ sessionId: sessionId('The sessionId of the chat request') })

export const Ok = (description: string) => Type.Object({ success: Type.Literal(true) }, { description })

/** How a build ended, as a stop found it. */
const ENDED_STATUSES = BUILD_STATUSES.filter((status): status is Exclude<(typeof BUILD_STATUSES)[number], 'running'> => status !== 'running')

export const StopReply = Type.Object(
  {
    success: Type.Literal(true),
    stopped: Type.Boolean({ description: 'Whether this request stopped it' }),
    status: Type.Optional(
      oneOf(ENDED_STATUSES, {
        description:
          "A build's status once the stop has taken effect: `stopped`; else how it ended instead, `completed` (it had passed its last stage: delivered, or answered as a question) or `error` (it had failed, or the server process that took its request was gone, so it was marked interrupted). Absent for a chat reply",
      }),
    ),
    message: Type.Optional(Type.String({ description: "The build's message in that status: 'Build stopped.', 'Your project is ready.', the failure" })),
  },
  {
    description:
      'Stopped (`stopped: true`; the chat request then answers with what was generated), or already finished (`stopped: false`); for a build, answered once it has ended, with the status it ended in',
  },
)
export type StopReply = Static<typeof StopReply>

export const ChatModel = Type.Object({
  description: Type.String(),
  costPer1kTokens: Type.Union([Type.Number(), Type.Null()], { description: 'US dollars per 1,000 tokens; null when unknown' }),
  capabilities: Type.Array(Type.String()),
  provider: Type.String({ description: "Who serves it: 'Overseer Labs' for overseer-local" }),
  source: oneOf(['local', 'openai-compatible'] as const),
  pricingUrl: Type.Optional(Type.String({ description: "The provider's public pricing page, when known" })),
})
export type ChatModel = Static<typeof ChatModel>

export const ModelList = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({
      models: Type.Object({}, { additionalProperties: ChatModel }),
      currentOverseerModel: Type.String({ description: 'The default: OVERSEER_DEFAULT_MODEL when listed, else overseer-local' }),
    }),
  },
  { description: 'The models the chat offers, by name; overseer-local is always there' },
)
export type ModelList = Static<typeof ModelList>

export const ConversationNotFound = ErrorResponse('No such conversation of the caller’s (another owner’s looks the same)')
export const CrossSiteRefused = ErrorResponse('Cross-site request refused (a cookie-identified request from another site)')
export const ChatConflict = ErrorResponse('The sessionId is in use, or the conversation is still answering')
export const ChatRateLimited = ErrorResponse('Too many messages from this owner or IP; see the Retry-After header (seconds)')

/* Build requests: a chat message that runs the build pipeline. */

export const BuildReply = Type.Object(
  {
    ...chatReplyProperties,
    reply: Type.String({ description: 'Markdown: what was built, its files, and how to run its tests; or, for a question, its answer' }),
    zipUrl: Type.Optional(
      Type.String({ description: 'GET it to download the archive (the owner only): `/api/overseer/downloads/{id}`. Absent when the message was a question (`answered`)' }),
    ),
    answered: Type.Optional(
      Type.Literal(true, {
        description:
          'The classification stage found a question or remark, not a request to build software (\'How do I build…?\'): `reply` answers it as the assistant answers any question, and nothing was built',
      }),
    ),
    questions: Type.Optional(
      Type.Array(ClarificationQuestion, {
        description:
          'The clarification asks the requester these (1 to 3, each with 2 to 4 suggested answers): `reply` says them, nothing is built yet, and the build waits for POST /api/overseer/builds/{sessionId}/answers (a `clarification` event was sent to the room)',
      }),
    ),
    stopped: Type.Literal(false),
    usage: Type.Object(TokenUsage.properties, {
      description: 'Tokens of every stage (gpt-tokenizer, o200k_base): what each was given and what it produced',
    }),
  },
  {
    description:
      'The build is done: the reply describes the project (Markdown, with a download link) and `zipUrl` is its archive; or the message was a question (`answered`), and the reply answers it. Progress was sent to the session room as `progress` events.',
  },
)
export type BuildReply = Static<typeof BuildReply>

export const BuildFailure = (description: string) =>
  Type.Object(
    {
      success: Type.Literal(false),
      message: Type.String({ description: 'The same message as the `error` or `timeout` event' }),
      conversationId: uuid('The conversation, stored with status `error` and without a reply'),
      sessionId: uuid(),
      status: Type.Literal('error'),
      retryStage: Type.Optional(oneOf(STAGE_IDS, { description: 'The stage its owner can retry it from (POST /api/overseer/builds/{sessionId}/retry); absent when it cannot be retried' })),
    },
    { description },
  )

/** A build request whose server is going down: the build is saved and goes on from its last checkpoint. */
export const BuildSuspended = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    conversationId: uuid('The conversation, still processing: its reply comes when the build ends'),
    sessionId: uuid('The build’s room: its progress continues there'),
    status: Type.Literal('processing'),
  },
  { description: 'The server is shutting down: the build is saved and goes on from its last checkpoint in the next server process (its progress continues in the same room; the conversation gets its reply)' },
)

export const BuildIteration = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  filesChanged: Type.Array(Type.String(), { description: 'Paths written or deleted since the iteration before' }),
  passed: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  failing: Type.Array(Type.String(), { description: 'The failing tests, by name' }),
  output: Type.String({ description: 'The tail of the test output' }),
  promptTokens: Type.Integer({ minimum: 0, description: "The model's tokens in this iteration, as the provider reported them (else counted)" }),
  completionTokens: Type.Integer({ minimum: 0 }),
  durationMs: Type.Integer({ minimum: 0, description: 'How long the sandboxed test run took' }),
})
export type BuildIteration = Static<typeof BuildIteration>

export const TestResult = Type.Union(
  [
    Type.Object({ ran: Type.Literal(true), passed: Type.Integer({ minimum: 0 }), failed: Type.Integer({ minimum: 0 }), failing: Type.Array(Type.String()), durationMs: Type.Integer({ minimum: 0 }) }),
    Type.Object({ ran: Type.Literal(false), reason: Type.String({ description: "Why not: 'tests not run: no sandbox'" }) }),
  ],
  { description: "The QA run of the project's tests in the sandbox before delivery" },
)
export type TestResult = Static<typeof TestResult>

export const BuildFileParams = Type.Object({
  sessionId: sessionId('The sessionId of the build request'),
  '*': Type.String({ minLength: 1, maxLength: 300, description: 'The file path, as in `files`' }),
})

export const BuildFile = Type.Object(
  { success: Type.Literal(true), data: Type.Object({ path: Type.String(), content: Type.String(), language: Type.String({ description: 'For highlighting: javascript, json, markdown, html, css, typescript, plaintext' }) }) },
  { description: 'One delivered file of the build, as text' },
)
export type BuildFile = Static<typeof BuildFile>

export const BuildState = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({
      sessionId: Type.String(),
      status: oneOf(BUILD_STATUSES),
      stage: oneOf(STAGE_IDS, { description: 'The latest stage reported' }),
      percentage: Type.Integer({ minimum: 0, maximum: 100 }),
      message: Type.String({ description: 'The latest progress message, or why it failed (status error)' }),
      error: Type.Optional(Type.String({ description: 'Why it failed (status error)' })),
      retryStage: Type.Optional(oneOf(STAGE_IDS, { description: 'Failed: the stage its owner can retry it from (POST …/retry)' })),
      kind: Type.Optional(oneOf(PROJECT_KINDS, { description: 'The project kind, once classified' })),
      name: Type.Optional(Type.String({ description: 'The project name, once classified' })),
      zipUrl: Type.Optional(Type.String({ description: 'Once completed, while its conversation is kept (deleting it deletes the archive)' })),
      conversationId: Type.Union([Type.String(), Type.Null()], { description: 'The conversation in the history; null if it was deleted' }),
      model: Type.String(),
      createdAt: timestamp(),
      updatedAt: timestamp(),
      questions: Type.Optional(Type.Array(ClarificationQuestion, { description: 'While it waits for its requester: the questions to answer (POST …/answers)' })),
      iterations: Type.Array(BuildIteration, {
        description: 'The development loop so far, oldest first: each test run ends an iteration (a build without a model has one, its QA run)',
      }),
      tests: Type.Optional(TestResult),
      files: Type.Optional(
        Type.Array(Type.Object({ path: Type.String(), bytes: Type.Integer({ minimum: 0 }) }), {
          description: 'The delivered files, in path order: read one with GET /api/overseer/builds/{sessionId}/files/{path}. Once completed, while its conversation is kept',
        }),
      ),
    }),
  },
  { description: 'The build of the session: its latest progress, its iterations, and once completed its tests, files and `zipUrl`' },
)
export type BuildState = Static<typeof BuildState>

/** The longest answer to a build's question. */
export const MAX_ANSWER_LENGTH = 500

export const AnswersBody = Type.Union(
  [
    Type.Object(
      {
        answers: Type.Array(Type.String({ maxLength: MAX_ANSWER_LENGTH }), {
          minItems: 1,
          maxItems: 3,
          description: `One answer per question, in order (a suggestion or the requester's own words, at most ${MAX_ANSWER_LENGTH} characters; blank: not answered, built on an assumption)`,
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object({ skip: Type.Literal(true, { description: "'Just build it': no answers, the build goes on with its stated assumptions" }) }, { additionalProperties: false }),
  ],
  { description: 'The answers to the questions the build asked, or skip' },
)
export type AnswersBody = Static<typeof AnswersBody>

export const BuildParams = Type.Object({ sessionId: sessionId('The sessionId of the build request') })

export const DownloadParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'The build id, as in `zipUrl`' }) })
export type DownloadParams = Static<typeof DownloadParams>

export const TokenUsageHistory = Type.Array(
  Type.Object({ iteration: Type.Integer({ minimum: 1 }), totalTokens: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  { description: 'Total tokens of each build (a pipeline iteration), oldest first, numbered from 1: the latest 100' },
)
export type TokenUsageHistory = Static<typeof TokenUsageHistory>

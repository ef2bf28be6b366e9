import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query'

type MaybePromise<T> = T | PromiseLike<T>
import { baseApi, isApiErrorBody } from '@/shared/api'
import { CHAT_TEXTS, HISTORY_PAGE_SIZE } from '../lib/texts'
import type { AnswersRequest, BuildFailure, ChatRequest, ChatResult, HistoryItem, HistoryPage } from '../model/types'
import type { ChatAnswer, ConversationRef, HistoryPage as HistoryPageContract } from '@contracts/chat'
import { guardOfJson, isRecord } from '@contracts/check'
import chatContracts from '@contracts/json/chat.json'

/** A response body read as JSON when it says it is JSON, else only its content type. */
type RawBody = { json: true; body: unknown } | { json: false; type: string }

const readBody = async (response: Response): Promise<RawBody> => {
  const type = response.headers.get('content-type') ?? 'unknown'
  if (!/\bjson\b/i.test(type)) return { json: false, type }
  try {
    return { json: true, body: await response.json() }
  } catch {
    return { json: false, type }
  }
}

const customError = (message: string, data?: unknown): FetchBaseQueryError => ({ status: 'CUSTOM_ERROR', error: message, data })

/** The error line's text for a failed call (the UI shows `error`). */
export const chatErrorMessage = (error: unknown): string | undefined =>
  isRecord(error) && typeof error.error === 'string' ? error.error : undefined

/** The build failure a failed call's answer reported, if it was one (see postForReply). */
export const chatBuildFailure = (error: unknown): BuildFailure | undefined => {
  if (!isRecord(error) || !isRecord(error.data) || !isRecord(error.data.buildFailure)) return undefined
  const { message, timedOut } = error.data.buildFailure
  return typeof message === 'string' && typeof timedOut === 'boolean' ? { message, timedOut } : undefined
}

const isChatAnswer = guardOfJson<typeof ChatAnswer>(chatContracts.ChatAnswer)
const isConversationRef = guardOfJson<typeof ConversationRef>(chatContracts.ConversationRef)
const isHistoryPage = guardOfJson<typeof HistoryPageContract>(chatContracts.HistoryPage)

/** A reply checked against its contract: then JSON, then an empty reply (spec section 8). */
const chatResultOf = (raw: RawBody): ChatResult | FetchBaseQueryError => {
  if (!raw.json) return customError(CHAT_TEXTS.notJson(raw.type))
  const answer = isChatAnswer(raw.body) ? raw.body : {}
  const reply = answer.reply !== undefined && answer.reply.trim() !== '' ? answer.reply : CHAT_TEXTS.noResponse
  return {
    reply,
    stopped: answer.stopped === true,
    ...(answer.zipUrl !== undefined && answer.zipUrl !== '' && { zipUrl: answer.zipUrl }),
    ...(answer.conversationId !== undefined && { conversationId: answer.conversationId }),
    ...(answer.answered === true && { answered: true }),
    ...(answer.questions !== undefined && answer.questions.length > 0 && { questions: answer.questions }),
  }
}

/** A failed call's stored conversation, when its answer names one (the next message continues it). */
const failedConversationOf = (data: unknown): string | undefined => {
  if (!isRecord(data) || data.json !== true) return undefined
  return isConversationRef(data.body) ? data.body.conversationId : undefined
}

/**
 * A build's failure, as its answer says it (status error, its session and message: the same
 * message as its `error` event, 504 its `timeout` event), else undefined.
 */
const buildFailureOf = (status: number | string, data: unknown): BuildFailure | undefined => {
  if (!isRecord(data) || data.json !== true || !isRecord(data.body)) return undefined
  const { body } = data
  if (body.status !== 'error' || typeof body.sessionId !== 'string' || typeof body.message !== 'string' || body.message.trim() === '') return undefined
  return { message: body.message, timedOut: status === 504 }
}

/** A page of the history checked against its contract, or why not. */
const historyPageOf = (body: unknown): HistoryPage | FetchBaseQueryError => {
  if (!isHistoryPage(body)) return customError(CHAT_TEXTS.invalidFormat)
  const items = body.data.map(({ createdAt: _createdAt, ...item }): HistoryItem => item)
  const { page, pages, total } = body.pagination
  return { items, page, pages: Math.max(1, pages), total }
}

/** The API's base query, as a queryFn is given it. */
type BaseQuery = (args: FetchArgs) => MaybePromise<QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>>

/** POSTs `body` to `path` and reads the reply: errors carry the error line's text in `error`, and the stored conversation when the answer names one. */
const postForReply = async (baseQuery: BaseQuery, path: string, body: unknown): Promise<{ data: ChatResult } | { error: FetchBaseQueryError }> => {
  const result = await baseQuery({ url: path, method: 'POST', body, responseHandler: readBody })
  if ('error' in result && result.error) {
    const { status } = result.error
    const data: unknown = 'data' in result.error ? result.error.data : undefined
    const conversationId = failedConversationOf(data)
    const message = typeof status === 'number' ? CHAT_TEXTS.backendError(status) : CHAT_TEXTS.backendError()
    // 503 with status processing: the server went down mid-build, and the build goes on (its reply comes to the conversation).
    const processing = status === 503 && isRecord(data) && isRecord(data.body) && data.body.status === 'processing'
    const buildFailure = buildFailureOf(status, data)
    return {
      error: customError(message, conversationId ? { conversationId, ...(processing && { processing: true }), ...(buildFailure && { buildFailure }) } : undefined),
    }
  }
  const checked = chatResultOf(result.data as RawBody)
  return 'status' in checked ? { error: checked } : { data: checked }
}

export interface HistoryArgs {
  page: number
  search: string
}

export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST a message (spec section 7): errors carry the error line's text in `error`. */
    sendChat: build.mutation<ChatResult, ChatRequest>({
      queryFn: ({ path, body }, _api, _extra, baseQuery) => postForReply(baseQuery, path, body),
    }),
    /** POST the answers to the questions of a build (or skip them): it goes on, and answers as a build request does. */
    answerBuild: build.mutation<ChatResult, AnswersRequest>({
      queryFn: ({ sessionId, body }, _api, _extra, baseQuery) => postForReply(baseQuery, `/overseer/builds/${encodeURIComponent(sessionId)}/answers`, body),
    }),
    /** POST a retry of a failed build from the stage that failed: it goes on, and answers as a build request does. */
    retryBuild: build.mutation<ChatResult, string>({
      queryFn: (sessionId, _api, _extra, baseQuery) => postForReply(baseQuery, `/overseer/builds/${encodeURIComponent(sessionId)}/retry`, {}),
    }),
    stopChat: build.mutation<{ stopped: boolean }, string>({
      query: (sessionId) => ({ url: `/overseer-dev/sessions/${encodeURIComponent(sessionId)}/stop`, method: 'POST' }),
    }),
    /** A page of the caller's conversations; `search` is sent only when it has text (spec section 7). */
    getChatHistory: build.query<HistoryPage, HistoryArgs>({
      queryFn: async ({ page, search }, _api, _extra, baseQuery) => {
        const term = search.trim()
        const result = await baseQuery({
          url: '/overseer-dev/chat/history',
          params: { page, limit: HISTORY_PAGE_SIZE, ...(term !== '' && { search: term }) },
        })
        if (result.error) {
          const data: unknown = 'data' in result.error ? result.error.data : undefined
          const message = (isApiErrorBody(data) && data.message) || CHAT_TEXTS.historyFailed
          return { error: customError(message) }
        }
        const checked = historyPageOf(result.data)
        return 'status' in checked ? { error: checked } : { data: checked }
      },
      providesTags: [{ type: 'Conversation', id: 'LIST' }],
    }),
    deleteConversation: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `/overseer-dev/chat/history/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Conversation', id: 'LIST' }],
    }),
  }),
})

export const { useStopChatMutation, useGetChatHistoryQuery, useDeleteConversationMutation } = chatApi

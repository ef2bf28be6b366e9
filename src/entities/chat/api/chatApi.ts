import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { baseApi, isApiErrorBody } from '@/shared/api'
import { CHAT_TEXTS, HISTORY_PAGE_SIZE } from '../lib/texts'
import type { ChatMessage, ChatRequest, ChatResult, HistoryItem, HistoryPage } from '../model/types'
import { isRecord } from '@contracts/check'

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

const conversationIdOf = (body: unknown): string | undefined =>
  isRecord(body) && typeof body.conversationId === 'string' ? body.conversationId : undefined

/** Checks a reply as spec section 8 says: status, then JSON, then an empty reply. */
const chatResultOf = (raw: RawBody): ChatResult | FetchBaseQueryError => {
  if (!raw.json) return customError(CHAT_TEXTS.notJson(raw.type))
  const body = raw.body
  const reply = isRecord(body) && typeof body.reply === 'string' && body.reply.trim() !== '' ? body.reply : CHAT_TEXTS.noResponse
  const zipUrl = isRecord(body) && typeof body.zipUrl === 'string' && body.zipUrl !== '' ? body.zipUrl : undefined
  const conversationId = conversationIdOf(body)
  return {
    reply,
    stopped: isRecord(body) && body.stopped === true,
    ...(zipUrl !== undefined && { zipUrl }),
    ...(conversationId !== undefined && { conversationId }),
  }
}

const isMessage = (value: unknown): value is ChatMessage =>
  isRecord(value) && (value.role === 'user' || value.role === 'assistant') && typeof value.content === 'string'

const historyItemOf = (value: unknown): HistoryItem | undefined => {
  if (!isRecord(value) || typeof value.id !== 'string') return undefined
  const messages = Array.isArray(value.messages) ? value.messages.filter(isMessage) : []
  const title = typeof value.title === 'string' && value.title !== '' ? value.title : (messages[0]?.content ?? '')
  return {
    id: value.id,
    date: typeof value.date === 'string' ? value.date : '',
    status: typeof value.status === 'string' ? value.status : 'processing',
    title,
    messageCount: typeof value.messageCount === 'number' ? value.messageCount : messages.length,
    messages,
    response: typeof value.response === 'string' ? value.response : '',
    ...(typeof value.model === 'string' && { model: value.model }),
    ...(typeof value.stopped === 'boolean' && { stopped: value.stopped }),
    ...(typeof value.error === 'string' && { error: value.error }),
  }
}

export interface HistoryArgs {
  page: number
  search: string
}

export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST a message (spec section 7): errors carry the error line's text in `error`. */
    sendChat: build.mutation<ChatResult, ChatRequest>({
      queryFn: async ({ path, body }, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: path, method: 'POST', body, responseHandler: readBody })
        if (result.error) {
          const { status } = result.error
          const data: unknown = 'data' in result.error ? result.error.data : undefined
          const conversationId = isRecord(data) && data.json === true ? conversationIdOf(data.body) : undefined
          const message = typeof status === 'number' ? CHAT_TEXTS.backendError(status) : CHAT_TEXTS.backendError()
          return { error: customError(message, conversationId ? { conversationId } : undefined) }
        }
        const checked = chatResultOf(result.data as RawBody)
        return 'status' in checked ? { error: checked } : { data: checked }
      },
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
        const body: unknown = result.data
        if (!isRecord(body) || body.success !== true || !Array.isArray(body.data)) {
          return { error: customError(CHAT_TEXTS.invalidFormat) }
        }
        const items = body.data.map(historyItemOf).filter((item): item is HistoryItem => item !== undefined)
        const pagination = isRecord(body.pagination) ? body.pagination : {}
        const current = typeof pagination.page === 'number' ? pagination.page : page
        const pages = typeof pagination.pages === 'number' ? Math.max(1, pagination.pages) : 1
        const total = typeof pagination.total === 'number' ? pagination.total : items.length
        return { data: { items, page: current, pages, total } }
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

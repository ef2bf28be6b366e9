import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { ChatConfig } from '../../src/config'
import { testConfig } from '../helper'

/** A small docs tree the offline engine answers from in tests (the real docs change). */
export const FIXTURE_DOCS = path.join(__dirname, '..', 'fixtures', 'chat-docs')

/** Chat settings for a test app: the fixture docs, generous rate limits unless a test sets them. */
export const chatConfig = (overrides: Partial<ChatConfig> = {}): { chat: ChatConfig } => ({
  chat: { ...testConfig().chat, docsDir: FIXTURE_DOCS, rateLimitPerOwner: 1000, rateLimitPerIp: 1000, ...overrides },
})

/** Chat settings whose remote provider is a fake model server (support/fakeLlm) at `baseUrl`. */
export const fakeModelChatConfig = (baseUrl: string, timeoutMs = 5_000): { chat: ChatConfig } =>
  chatConfig({ llm: { baseUrl, apiKey: 'sk-test', models: undefined, timeoutMs, providerName: 'Fake AI' } })

export type Headers = Record<string, string>

export const VISITOR_COOKIE = 'overseer_visitor'

export const visitorCookieOf = (response: LightMyRequestResponse): string | undefined =>
  response.cookies.find((cookie) => cookie.name === VISITOR_COOKIE || cookie.name === `__Host-${VISITOR_COOKIE}`)?.value

/** A new anonymous visitor: the cookie GET /models hands out. */
export const newVisitor = async (app: FastifyInstance): Promise<Headers> => {
  const response = await app.inject({ method: 'GET', url: '/api/overseer-dev/models' })
  const value = visitorCookieOf(response)
  if (!value) throw new Error('no visitor cookie')
  return { cookie: `${VISITOR_COOKIE}=${value}` }
}

export interface ChatBody {
  messages?: unknown
  model?: unknown
  sessionId?: unknown
  conversationId?: unknown
  replaceFrom?: unknown
}

export const question = (content: string, extra: ChatBody = {}): ChatBody => ({
  messages: [{ role: 'user', content }],
  model: 'overseer-local',
  sessionId: randomUUID(),
  ...extra,
})

export const sendChat = (app: FastifyInstance, headers: Headers, body: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/overseer-dev/chat', headers, payload: body as Record<string, unknown>, remoteAddress })

export interface ChatReplyBody {
  success: boolean
  reply: string
  conversationId: string
  sessionId: string
  model: string
  status: string
  stopped: boolean
  usage: { promptTokens: number; completionTokens: number; totalTokens: number }
  message?: string
}

export interface HistoryItemBody {
  id: string
  date: string
  status: string
  title: string
  messageCount: number
  messages: { role: string; content: string }[]
  response: string
  model: string
  stopped: boolean
  error?: string
  sharedAt?: string
  builds?: { sessionId: string; position: number }[]
}

export interface HistoryBody {
  success: boolean
  data: HistoryItemBody[]
  pagination: { page: number; pages: number; total: number; limit: number }
  search?: string
}

export const history = async (app: FastifyInstance, headers: Headers, query = ''): Promise<HistoryBody> => {
  const response = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history${query}`, headers })
  if (response.statusCode !== 200) throw new Error(`history answered ${response.statusCode}: ${response.body}`)
  return response.json<HistoryBody>()
}

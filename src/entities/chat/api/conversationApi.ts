import { baseApi } from '@/shared/api'
import type { ConversationDetail } from '@contracts/chat'
import type { SessionState } from '@contracts/sessions'
import { guardOfJson } from '@contracts/check'
import type { HistoryItem } from '../model/types'

/** The session contracts load with the first call: only a reload mid-reply or a refused edit needs them. */
const sessionContracts = async () => {
  const { default: json } = await import(/* webpackChunkName: "session-contracts" */ '@contracts/json/session.json')
  return {
    isSessionState: guardOfJson<typeof SessionState>(json.SessionState),
    isConversationDetail: guardOfJson<typeof ConversationDetail>(json.ConversationDetail),
  }
}

const invalid = { status: 'CUSTOM_ERROR' as const, error: 'Invalid response format' }

export interface SessionLink {
  kind: 'chat' | 'build'
  /** Null before its question is stored, and once the conversation is deleted. */
  conversationId: string | null
}

/** What a session wrote to, and a stored conversation as the server has it: never cached, read at the moment of need. */
export const conversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSessionLink: build.query<SessionLink, string>({
      queryFn: async (sessionId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/overseer-dev/sessions/${encodeURIComponent(sessionId)}` })
        if (result.error) return { error: result.error }
        const { isSessionState } = await sessionContracts()
        if (!isSessionState(result.data)) return { error: invalid }
        const { kind, conversationId } = result.data.data
        return { data: { kind, conversationId } }
      },
      keepUnusedDataFor: 0,
    }),
    getStoredConversation: build.query<HistoryItem, string>({
      queryFn: async (id, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/overseer-dev/chat/history/${encodeURIComponent(id)}` })
        if (result.error) return { error: result.error }
        const { isConversationDetail } = await sessionContracts()
        if (!isConversationDetail(result.data)) return { error: invalid }
        const { createdAt: _createdAt, usage: _usage, ...item } = result.data.data
        return { data: item }
      },
      keepUnusedDataFor: 0,
    }),
  }),
})

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { baseApi } from '@/shared/api'
import type { SharedConversation as SharedConversationBody } from '@contracts/conversationTools'
import { guardOfJson } from '@contracts/check'
import shareContracts from '@contracts/json/share.json'

const isSharedConversation = guardOfJson<typeof SharedConversationBody>(shareContracts.SharedConversation)

export type SharedConversation = SharedConversationBody['data']

/** Why a shared conversation cannot be shown: no such link (or revoked), or anything else. */
export type SharedConversationError = { kind: 'not-found' } | { kind: 'failed' }

const sharedConversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The snapshot behind a share link; the same for everyone. */
    getSharedConversation: build.query<SharedConversation, string>({
      queryFn: async (token, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/overseer-dev/shared/${encodeURIComponent(token)}` })
        if (result.error) {
          const kind = result.error.status === 404 ? 'not-found' : 'failed'
          return { error: { status: 'CUSTOM_ERROR', error: kind, data: { kind } } satisfies FetchBaseQueryError }
        }
        if (!isSharedConversation(result.data)) return { error: { status: 'CUSTOM_ERROR', error: 'failed', data: { kind: 'failed' } } }
        return { data: result.data.data }
      },
    }),
  }),
})

export const { useGetSharedConversationQuery } = sharedConversationApi

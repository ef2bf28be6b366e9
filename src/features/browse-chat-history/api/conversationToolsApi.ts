import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { baseApi } from '@/shared/api'
import { API_BASE_URL } from '@/shared/config'
import type { ShareCreated } from '@contracts/conversationTools'
import type { ExportFormat } from '@contracts/conversationToolsText'
import { guardOfJson } from '@contracts/check'
import shareContracts from '@contracts/json/share.json'

const isShareCreated = guardOfJson<typeof ShareCreated>(shareContracts.ShareCreated)

const LIST = { type: 'Conversation', id: 'LIST' } as const

const path = (id: string) => `/overseer-dev/chat/history/${encodeURIComponent(id)}`

/** Where a conversation downloads as a file (the browser sends the owner's cookie). */
export const exportUrl = (id: string, format: ExportFormat): string => `${API_BASE_URL}${path(id)}/export?format=${format}`

/** A new share link, as the address to give out. */
export interface NewShareLink {
  url: string
  sharedAt: string
}

/** The history's conversation tools: rename, undo a deletion, share and revoke. */
export const conversationToolsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    renameConversation: build.mutation<{ title: string }, { id: string; title: string | null }>({
      query: ({ id, title }) => ({ url: path(id), method: 'PATCH', body: { title } }),
      invalidatesTags: [LIST],
    }),
    restoreConversation: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `${path(id)}/restore`, method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    shareConversation: build.mutation<NewShareLink, string>({
      queryFn: async (id, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `${path(id)}/share`, method: 'POST' })
        if (result.error) return { error: result.error }
        if (!isShareCreated(result.data)) return { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } satisfies FetchBaseQueryError }
        const { path: sharePath, sharedAt } = result.data.data
        return { data: { url: new URL(sharePath, window.location.origin).href, sharedAt } }
      },
      invalidatesTags: [LIST],
    }),
    revokeShare: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `${path(id)}/share`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
  }),
})

export const { useRenameConversationMutation, useRestoreConversationMutation, useShareConversationMutation, useRevokeShareMutation } =
  conversationToolsApi

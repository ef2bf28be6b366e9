import { baseApi } from '@/shared/api'
import type { TurnRating } from '@/entities/chat'

/** A reply of one of the caller's conversations, by its stored position. */
export interface RatedReply {
  conversationId: string
  position: number
}

const path = ({ conversationId, position }: RatedReply) => `/overseer-dev/chat/history/${encodeURIComponent(conversationId)}/ratings/${position}`

// The history's copy of a conversation (what opening it from the panel shows) carries its ratings.
const LIST = { type: 'Conversation', id: 'LIST' } as const

/**
 * 'Helpful' or 'Not helpful' on a reply, and taking it back. Sent as the other chat writes are:
 * with the owner's cookie (or token); the server refuses them only from another site.
 */
export const ratingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rateReply: build.mutation<{ success: boolean }, RatedReply & TurnRating>({
      query: ({ rating, comment, ...reply }) => ({ url: path(reply), method: 'PUT', body: { rating, ...(comment !== undefined && { comment }) } }),
      invalidatesTags: [LIST],
    }),
    unrateReply: build.mutation<{ success: boolean }, RatedReply>({
      query: (reply) => ({ url: path(reply), method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
  }),
})

export const { useRateReplyMutation, useUnrateReplyMutation } = ratingApi

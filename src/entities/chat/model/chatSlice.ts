import { createAction, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit'
import { chatDeltaReceived, chatDoneReceived } from '@/shared/lib/socket'
import { rootReducer } from '@/shared/lib/store'
import { withRatings } from '../lib/ratings'
import { CHAT_TEXTS } from '../lib/texts'
import type { ChatTurn, HistoryItem, TurnRating } from './types'

/** The reply being generated: its session, the text streamed so far, whether a stop was asked. */
export interface PendingReply {
  sessionId: string
  text: string
  stopping: boolean
  /** Followed again after a reload: its start was not seen, so its pieces are not shown (the whole reply comes at its end). */
  resumed?: boolean
}

export interface ChatState {
  turns: ChatTurn[]
  /** The stored conversation the next message continues; null starts a new one. */
  conversationId: string | null
  pending: PendingReply | null
  /** The error line under the form. */
  error: string | null
  history: { page: number; search: string }
}

const initialState: ChatState = {
  turns: [],
  conversationId: null,
  pending: null,
  error: null,
  history: { page: 1, search: '' },
}

export const turn = (role: ChatTurn['role'], content: string, extra: Partial<ChatTurn> = {}): ChatTurn => ({
  id: nanoid(),
  role,
  content,
  ...extra,
})

/**
 * A stored conversation's turns: its messages, then its response (or the failed turn of an error).
 * A turn at position p + 1 answers the question at p: the one after a build's question shows its
 * timeline. `last` is what the last reply also carries. Each rated reply carries its rating.
 */
export const storedTurns = (item: HistoryItem, last: Partial<ChatTurn> = {}): ChatTurn[] => {
  const turns = item.messages.map((message) => turn(message.role, message.content))
  if (item.response !== '') turns.push(turn('assistant', item.response, last))
  else if (item.status === 'error') turns.push(turn('assistant', CHAT_TEXTS.errorTurn, { failed: true }))
  for (const { sessionId, position } of item.builds ?? []) {
    const reply = turns[position + 1]
    if (turns[position]?.role === 'user' && reply?.role === 'assistant') reply.timelineSessionId = sessionId
  }
  return withRatings(turns, item.ratings)
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    /** Chat send, step 1 (spec section 4): sending, and the user's turn appended. */
    messageSent: (state, { payload }: PayloadAction<{ sessionId: string; content: string }>) => {
      state.turns.push(turn('user', payload.content))
      state.pending = { sessionId: payload.sessionId, text: '', stopping: false }
      state.error = null
    },
    /** Chat send, step 2: the reply appended (the streamed text gives way to it). */
    replyReceived: (
      state,
      {
        payload,
      }: PayloadAction<{ sessionId: string; reply: string; conversationId?: string; downloadUrl?: string; built?: boolean; build?: boolean }>,
    ) => {
      if (state.pending?.sessionId !== payload.sessionId) return
      state.turns.push(
        turn('assistant', payload.reply, {
          ...(payload.downloadUrl && { downloadUrl: payload.downloadUrl }),
          ...(payload.built && { buildSessionId: payload.sessionId }),
          ...(payload.build && { timelineSessionId: payload.sessionId }),
        }),
      )
      if (payload.conversationId) state.conversationId = payload.conversationId
      state.pending = null
    },
    /** The reply failed; `build`: a build request's, whose timeline shows under the failed turn. */
    replyFailed: (state, { payload }: PayloadAction<{ sessionId: string; message: string; conversationId?: string; build?: boolean }>) => {
      if (state.pending?.sessionId !== payload.sessionId) return
      // Refused before the server stored anything (no conversation in the answer): in a stored
      // conversation the question has no place, which a later edit must know.
      const question = state.turns.findLast((turn) => turn.role === 'user')
      if (!payload.conversationId && state.conversationId && question) question.unsaved = true
      state.turns.push(turn('assistant', CHAT_TEXTS.errorTurn, { failed: true, ...(payload.build && { timelineSessionId: payload.sessionId }) }))
      if (payload.conversationId) state.conversationId = payload.conversationId
      state.error = payload.message
      state.pending = null
    },
    /** A failed build is retried: its failed turn gives way to the reply to come (the retry's answer replaces the failure). */
    retryStarted: (state, { payload }: PayloadAction<{ sessionId: string }>) => {
      const last = state.turns.at(-1)
      if (last?.failed && last.timelineSessionId === payload.sessionId) state.turns.pop()
      state.pending = { sessionId: payload.sessionId, text: '', stopping: false }
      state.error = null
    },
    stopRequested: (state, { payload }: PayloadAction<{ sessionId: string }>) => {
      if (state.pending?.sessionId === payload.sessionId) state.pending.stopping = true
    },
    /**
     * New Conversation (or someone else signed in or out): the current one is cleared; the next
     * message starts a new one. A reply still on its way no longer belongs here and is dropped.
     */
    conversationCleared: (state) => {
      state.turns = []
      state.conversationId = null
      state.pending = null
      state.error = null
    },
    /** Opening a history item: its messages, then its response as an assistant turn (spec section 4). */
    conversationOpened: (state, { payload }: PayloadAction<HistoryItem>) => {
      state.turns = storedTurns(payload)
      state.conversationId = payload.id
      state.error = null
    },
    /** The open conversation was deleted from the history. */
    conversationDeleted: (state, { payload }: PayloadAction<{ id: string }>) => {
      if (state.conversationId === payload.id) state.conversationId = null
    },
    /** Its deletion was undone while it was still on screen: the next message continues it again. */
    conversationRestored: (state, { payload }: PayloadAction<{ id: string }>) => {
      if (state.conversationId === null && state.pending === null) state.conversationId = payload.id
    },
    /** The server stored a rating of the reply `turnId` (null: the rating was taken back). */
    replyRated: (state, { payload }: PayloadAction<{ turnId: string; rating: TurnRating | null }>) => {
      const rated = state.turns.find((candidate) => candidate.id === payload.turnId)
      if (!rated) return
      if (payload.rating) rated.rating = payload.rating
      else delete rated.rating
    },
    historyPageChanged: (state, { payload }: PayloadAction<number>) => {
      state.history.page = Math.max(1, payload)
    },
    historySearched: (state, { payload }: PayloadAction<string>) => {
      state.history.search = payload
      state.history.page = 1
    },
    /** Refresh History, and chat send step 3: page 1 of the history again. */
    historyRefreshRequested: (state) => {
      state.history.page = 1
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(chatDeltaReceived, (state, { payload }) => {
        if (state.pending?.sessionId === payload.sessionId && !state.pending.resumed) state.pending.text += payload.delta
      })
      .addCase(chatDoneReceived, (state, { payload }) => {
        // The HTTP reply is the whole reply; a failure's message waits for it too.
        if (state.pending?.sessionId === payload.sessionId && payload.conversationId && !state.conversationId) {
          state.conversationId = payload.conversationId
        }
      }),
  selectors: {
    selectTurns: (state) => state.turns,
    selectPendingReply: (state) => state.pending,
    selectIsSending: (state) => state.pending !== null,
    selectChatError: (state) => state.error,
    selectConversationId: (state) => state.conversationId,
    selectHistoryView: (state) => state.history,
  },
})

/**
 * A chat call has ended, answered or not. Its listener refreshes page 1 of the history a second
 * later, when the server has stored the exchange.
 */
export const chatCallEnded = createAction<{ sessionId: string }>('chat/callEnded')

const injected = chatSlice.injectInto(rootReducer)

export const {
  messageSent,
  replyReceived,
  replyFailed,
  retryStarted,
  stopRequested,
  conversationCleared,
  conversationOpened,
  conversationDeleted,
  conversationRestored,
  replyRated,
  historyPageChanged,
  historySearched,
  historyRefreshRequested,
} = chatSlice.actions

export const { selectTurns, selectPendingReply, selectIsSending, selectChatError, selectConversationId, selectHistoryView } =
  injected.selectors

declare module '@/shared/lib/store/root' {
  export interface LazyLoadedSlices {
    chat: ChatState
  }
}

import { createAction, createReducer, type UnknownAction } from '@reduxjs/toolkit'
import { rootReducer } from '@/shared/lib/store'
import { chatSlice, storedTurns, turn, type ChatState } from './chatSlice'
import type { HistoryItem } from './types'

/**
 * Edit and resend, or regenerate: the turn `fromTurnId` and every later one give way to the
 * question `content`, and its reply is on its way.
 */
export const messageResent = createAction<{ sessionId: string; fromTurnId: string; content: string }>('chat/messageResent')

/**
 * The stored conversation as the server has it, in place of what is shown: after a reload while a
 * reply was on its way (`pendingSessionId` while it still is; `buildSessionId` when its last reply
 * delivered that build's project), or to match the server again after an edit it refused. The
 * error line stays.
 */
export const conversationReloaded = createAction<{ item: HistoryItem; pendingSessionId?: string; buildSessionId?: string }>('chat/conversationReloaded')

const tools = createReducer(chatSlice.getInitialState(), (builder) =>
  builder
    .addCase(messageResent, (state, { payload }) => {
      const index = state.turns.findIndex((candidate) => candidate.id === payload.fromTurnId)
      if (index < 0) return
      state.turns = state.turns.slice(0, index)
      state.turns.push(turn('user', payload.content))
      state.pending = { sessionId: payload.sessionId, text: '', stopping: false }
      state.error = null
    })
    .addCase(conversationReloaded, (state, { payload: { item, pendingSessionId, buildSessionId } }) => {
      state.turns = storedTurns(item, buildSessionId ? { buildSessionId } : {})
      state.conversationId = item.id
      state.pending = pendingSessionId && item.status === 'processing' ? { sessionId: pendingSessionId, text: '', stopping: false, resumed: true } : null
    }),
)

// The chat's reducer learns these two actions when a tool that dispatches them first loads (the
// editor, or a reload's resume): they stay out of every page's first JavaScript.
rootReducer.inject(
  { reducerPath: 'chat', reducer: (state: ChatState | undefined, action: UnknownAction) => tools(chatSlice.reducer(state, action), action) },
  { overrideExisting: true },
)

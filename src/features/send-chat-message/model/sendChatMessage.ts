import { createAsyncThunk } from '@reduxjs/toolkit'
import { chatApi, hasDeliveredProject, MAX_MESSAGES, messageSent, selectConversationId, selectPendingReply, selectTurns, stopRequested, type ChatMessage } from '@/entities/chat'
import { randomUuid } from '../lib/uuid'
import { deliver, type SendChatOutcome } from './deliver'

export type { SendChatOutcome } from './deliver'

export interface SendChatArgs {
  text: string
  /** The model in use; the server's default when null. */
  model: string | null
}

/**
 * Chat send (spec section 4): sending and the user's turn, then the call (see `deliver`).
 */
export const sendChatMessage = createAsyncThunk<SendChatOutcome, SendChatArgs, { state: RootState; dispatch: AppDispatch }>(
  'chat/send',
  async ({ text, model }, { dispatch, getState }) => {
    const content = text.trim()
    const state = getState()
    if (content === '' || selectPendingReply(state)) return { kind: 'skipped' }

    const conversationId = selectConversationId(state) ?? undefined
    // A stored conversation is its own context: only the new question is needed.
    const earlier: ChatMessage[] = conversationId
      ? []
      : selectTurns(state)
          .filter((turn) => !turn.failed)
          .map(({ role, content: said }) => ({ role, content: said }))
          .slice(-(MAX_MESSAGES - 1))
    // A stored conversation that delivered a project continues it (or starts another) at the builder.
    const followsProject = conversationId !== undefined && hasDeliveredProject(selectTurns(state))
    const sessionId = randomUuid()
    dispatch(messageSent({ sessionId, content }))
    return deliver(dispatch, { sessionId, content, model, earlier, conversationId, followsProject })
  },
)

/** Stops the reply being generated; the chat call then answers with what was generated. */
export const stopChatReply = createAsyncThunk<void, void, { state: RootState; dispatch: AppDispatch }>(
  'chat/stop',
  async (_arg, { dispatch, getState }) => {
    const pending = selectPendingReply(getState())
    if (!pending || pending.stopping) return
    dispatch(stopRequested({ sessionId: pending.sessionId }))
    const request = dispatch(chatApi.endpoints.stopChat.initiate(pending.sessionId))
    await request
    request.reset()
  },
)

import { createAsyncThunk } from '@reduxjs/toolkit'
import {
  conversationApi,
  conversationReloaded,
  hasDeliveredProject,
  MAX_MESSAGES,
  messageResent,
  replaceFromOf,
  selectConversationId,
  selectPendingReply,
  selectTurns,
  type ChatMessage,
} from '@/entities/chat'
import { randomUuid } from '../lib/uuid'
import { deliver, type SendChatOutcome } from './deliver'

export interface ResendChatArgs {
  /** The user turn edited (or, to regenerate the last reply, the question before it). */
  turnId: string
  text: string
  /** The model in use; the server's default when null. */
  model: string | null
}

/**
 * Edit and resend, or regenerate: the user turn `turnId` and every later turn are replaced by
 * `text` and a new reply, on screen and in the stored conversation (`replaceFrom`). A build
 * request goes to the build endpoint, as any message does. When the server refused the request
 * before changing anything (a 429, say), the conversation is read back as it has it.
 */
export const resendChatMessage = createAsyncThunk<SendChatOutcome, ResendChatArgs, { state: RootState; dispatch: AppDispatch }>(
  'chat/resend',
  async ({ turnId, text, model }, { dispatch, getState }) => {
    const content = text.trim()
    const state = getState()
    const turns = selectTurns(state)
    const index = turns.findIndex((turn) => turn.id === turnId)
    if (content === '' || selectPendingReply(state) || turns[index]?.role !== 'user') return { kind: 'skipped' }

    const conversationId = selectConversationId(state) ?? undefined
    const replaceFrom = conversationId ? replaceFromOf(turns, index) : undefined
    // Not stored yet: the turns before the edited one are the context, as for a first message.
    const earlier: ChatMessage[] = conversationId
      ? []
      : turns
          .slice(0, index)
          .filter((turn) => !turn.failed)
          .map(({ role, content: said }) => ({ role, content: said }))
          .slice(-(MAX_MESSAGES - 1))
    // Only a project delivered before the edited turn is still there to continue.
    const followsProject = conversationId !== undefined && hasDeliveredProject(turns.slice(0, index))
    const sessionId = randomUuid()
    dispatch(messageResent({ sessionId, fromTurnId: turnId, content }))
    const outcome = await deliver(dispatch, { sessionId, content, model, earlier, conversationId, replaceFrom, followsProject })

    if (outcome.kind === 'failed' && !outcome.stored && conversationId && selectConversationId(getState()) === conversationId) {
      const request = dispatch(conversationApi.endpoints.getStoredConversation.initiate(conversationId, { subscribe: false, forceRefetch: true }))
      const stored = await request
      if (stored.data && selectConversationId(getState()) === conversationId) dispatch(conversationReloaded({ item: stored.data }))
    }
    return outcome
  },
)

import { createAsyncThunk } from '@reduxjs/toolkit'
import { retryStarted, selectConversationId, selectPendingReply } from '@/entities/chat'
import { deliver, type SendChatOutcome } from './deliver'

/**
 * Retries the failed build of `sessionId` from the stage that failed: its failed turn gives way to
 * the tracker, and its reply comes as a build request's does (see `deliver`), in the same place.
 */
export const retryBuild = createAsyncThunk<SendChatOutcome, { sessionId: string }, { state: RootState; dispatch: AppDispatch }>(
  'chat/retryBuild',
  async ({ sessionId }, { dispatch, getState }) => {
    if (selectPendingReply(getState())) return { kind: 'skipped' }
    dispatch(retryStarted({ sessionId }))
    const conversationId = selectConversationId(getState()) ?? undefined
    return deliver(dispatch, { sessionId, content: '', model: null, earlier: [], conversationId, followsProject: false, retrying: true })
  },
)

import { createAsyncThunk } from '@reduxjs/toolkit'
import { buildSettled, buildStarted, trackerDismissed } from '@/entities/build'
import {
  chatApi,
  chatCallEnded,
  chatErrorMessage,
  chatPathFor,
  CHAT_TEXTS,
  MAX_MESSAGES,
  messageSent,
  replyFailed,
  replyReceived,
  selectConversationId,
  selectPendingReply,
  selectTurns,
  stopRequested,
  isBuildRequest,
  type ChatMessage,
} from '@/entities/chat'
import { joinSession, progressUnsubscribed } from '@/shared/lib/socket'
import { randomUuid } from '../lib/uuid'

export interface SendChatArgs {
  text: string
  /** The model in use; the server's default when null. */
  model: string | null
}

export type SendChatOutcome = { kind: 'skipped' } | { kind: 'failed'; message: string } | { kind: 'replied'; filesSaved: boolean }

/**
 * Chat send: sending and the user's turn; the call (build requests to the build endpoint); the
 * reply, or the error; page 1 of the history again after a second (a listener, on chatCallEnded). The reply
 * streams in meanwhile: the sender joins the session's room before it calls, and leaves after.
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
    const sessionId = randomUuid()
    const building = isBuildRequest(content)
    dispatch(messageSent({ sessionId, content }))
    dispatch(trackerDismissed())
    // The tracker shows from the start: 'Connecting...' while the socket connects.
    if (building) dispatch(buildStarted({ sessionId }))

    await joinSession(dispatch, sessionId)
    const request = dispatch(
      chatApi.endpoints.sendChat.initiate({
        path: chatPathFor(content),
        body: {
          messages: [...earlier, { role: 'user', content }],
          ...(model && { model }),
          sessionId,
          ...(conversationId && { conversationId }),
        },
      }),
    )
    const result = await request
    request.reset()
    if (building) dispatch(buildSettled({ sessionId, ok: !('error' in result && result.error) }))
    dispatch(progressUnsubscribed({ sessionId }))

    dispatch(chatCallEnded({ sessionId }))

    if ('error' in result && result.error) {
      const message = chatErrorMessage(result.error) ?? CHAT_TEXTS.backendError()
      const data: unknown = 'data' in result.error ? result.error.data : undefined
      const failedIn =
        typeof data === 'object' && data !== null && 'conversationId' in data && typeof data.conversationId === 'string'
          ? data.conversationId
          : undefined
      dispatch(replyFailed({ sessionId, message, ...(failedIn && { conversationId: failedIn }) }))
      return { kind: 'failed', message }
    }
    const { reply, zipUrl, conversationId: continued, answered } = result.data
    // A question that only looked like a build: the tracker has completed, and goes.
    if (answered) dispatch(trackerDismissed())
    // One download link: the reply's own when its Markdown links the archive, else one under it.
    const linked = zipUrl !== undefined && reply.includes(`](${zipUrl})`)
    dispatch(
      replyReceived({
        sessionId,
        reply: zipUrl ? `${reply}\n\n${CHAT_TEXTS.filesSaved}` : reply,
        ...(continued && { conversationId: continued }),
        ...(zipUrl && !linked && { downloadUrl: zipUrl }),
        ...(zipUrl && { built: true }),
      }),
    )
    return { kind: 'replied', filesSaved: zipUrl !== undefined }
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

import { buildSettled, buildStarted, trackerDismissed } from '@/entities/build'
import {
  chatApi,
  chatCallEnded,
  chatBuildFailure,
  chatErrorMessage,
  chatPathFor,
  CHAT_TEXTS,
  clearInFlight,
  sendsToBuilder,
  replyFailed,
  replyReceived,
  saveInFlight,
  type BuildAnswers,
  type ChatMessage,
} from '@/entities/chat'
import { isRecord } from '@contracts/check'
import { joinSession, progressUnsubscribed } from '@/shared/lib/socket'

export type SendChatOutcome =
  | { kind: 'skipped' }
  /** `stored`: the server stored the question (the answer named its conversation). */
  | { kind: 'failed'; message: string; stored: boolean }
  | { kind: 'replied'; filesSaved: boolean }

export interface Delivery {
  sessionId: string
  /** The question, trimmed; its turn is already on screen and the reply pending. */
  content: string
  model: string | null
  /** The earlier turns, for a conversation that is not stored yet. */
  earlier: ChatMessage[]
  conversationId: string | undefined
  replaceFrom?: number | undefined
  /** The conversation delivered a project before this message: all but a question goes to the builder. */
  followsProject: boolean
  /** The answers to the questions the build of `sessionId` asked (or skip): they go to it, and it goes on. */
  answering?: BuildAnswers
  /** The failed build of `sessionId` is retried from the stage that failed. */
  retrying?: true
}

/**
 * The call of a chat send (its user turn is shown already): build requests, and after a delivered
 * project any message but a question, to the build endpoint with the tracker; the reply, or the error; page 1 of the history again after a second (a
 * listener, on chatCallEnded). The reply streams in meanwhile: the sender joins the session's
 * room before it calls, and leaves after. The tab keeps the session id until the answer comes, so
 * a reload meanwhile resumes it.
 */
export const deliver = async (
  dispatch: AppDispatch,
  { sessionId, content, model, earlier, conversationId, replaceFrom, followsProject, answering, retrying }: Delivery,
): Promise<SendChatOutcome> => {
  const building = answering !== undefined || retrying === true || sendsToBuilder(content, followsProject)
  dispatch(trackerDismissed())
  // The tracker shows from the start: 'Connecting...' while the socket connects.
  if (building) dispatch(buildStarted({ sessionId }))
  saveInFlight({ sessionId, kind: building ? 'build' : 'chat' })

  await joinSession(dispatch, sessionId)
  const call = async () => {
    if (retrying) {
      const request = dispatch(chatApi.endpoints.retryBuild.initiate(sessionId))
      const retried = await request
      request.reset()
      return retried
    }
    if (answering) {
      const request = dispatch(chatApi.endpoints.answerBuild.initiate({ sessionId, body: answering }))
      const answered = await request
      request.reset()
      return answered
    }
    const request = dispatch(
      chatApi.endpoints.sendChat.initiate({
        path: chatPathFor(content, followsProject),
        body: {
          messages: [...earlier, { role: 'user', content }],
          ...(model && { model }),
          sessionId,
          ...(conversationId && { conversationId }),
          ...(replaceFrom !== undefined && { replaceFrom }),
        },
      }),
    )
    const sent = await request
    request.reset()
    return sent
  }
  const result = await call()
  // The server went down in the middle of the build, which goes on from its last checkpoint: followed
  // as after a reload (its room, then its conversation once it ends), the tab keeping its session id.
  if ('error' in result && result.error && 'data' in result.error && isRecord(result.error.data) && result.error.data.processing === true) {
    const { resumeChat } = await import(/* webpackChunkName: "chat-resume" */ './resumeChat')
    void dispatch(resumeChat())
    return { kind: 'replied', filesSaved: false }
  }
  // A call without an HTTP answer ('Backend error' with no status) was cut off, by a reload for
  // one (which aborts the call, not the request at the server): the kept session id stays, for
  // the next page to resume.
  if (!('error' in result && result.error && chatErrorMessage(result.error) === CHAT_TEXTS.backendError())) clearInFlight(sessionId)
  const stopped = !('error' in result && result.error) && result.data.stopped
  if (building) {
    // A build that failed says how in its answer too: the tracker shows it if its event has not come first.
    const failure = 'error' in result && result.error ? chatBuildFailure(result.error) : undefined
    dispatch(buildSettled({ sessionId, ok: !('error' in result && result.error), stopped, ...(failure && { failure }) }))
  }
  dispatch(progressUnsubscribed({ sessionId }))

  dispatch(chatCallEnded({ sessionId }))

  if ('error' in result && result.error) {
    const message = chatErrorMessage(result.error) ?? CHAT_TEXTS.backendError()
    const data: unknown = 'data' in result.error ? result.error.data : undefined
    const failedIn =
      typeof data === 'object' && data !== null && 'conversationId' in data && typeof data.conversationId === 'string'
        ? data.conversationId
        : undefined
    // A build the server stored (its answer names the conversation) has a timeline to show under the failure.
    dispatch(replyFailed({ sessionId, message, ...(failedIn && { conversationId: failedIn }), ...(building && failedIn && { build: true }) }))
    return { kind: 'failed', message, stored: failedIn !== undefined }
  }
  const { reply, zipUrl, conversationId: continued, answered, questions } = result.data
  // A question that only looked like a build, or a build that asks before it goes on: the tracker goes (the questions say it waits).
  if (answered || questions) dispatch(trackerDismissed())
  // One download link: the reply's own when its Markdown links the archive, else one under it.
  const linked = zipUrl !== undefined && reply.includes(`](${zipUrl})`)
  dispatch(
    replyReceived({
      sessionId,
      reply: zipUrl ? `${reply}\n\n${CHAT_TEXTS.filesSaved}` : reply,
      ...(continued && { conversationId: continued }),
      ...(zipUrl && !linked && { downloadUrl: zipUrl }),
      ...(zipUrl && { built: true }),
      // Its timeline stays under the reply; a question that only looked like a build built nothing.
      ...(building && !answered && { build: true }),
    }),
  )
  return { kind: 'replied', filesSaved: zipUrl !== undefined }
}

import { addListener, createAsyncThunk, isAnyOf, type UnknownAction } from '@reduxjs/toolkit'
import { buildApi, buildSettled, buildStarted } from '@/entities/build'
import {
  chatCallEnded,
  CHAT_TEXTS,
  clearInFlight,
  conversationApi,
  conversationReloaded,
  readInFlight,
  selectConversationId,
  selectPendingReply,
  type HistoryItem,
} from '@/entities/chat'
import {
  chatDoneReceived,
  joinSession,
  progressFailed,
  progressReceived,
  progressStopped,
  progressTimedOut,
  progressUnsubscribed,
  socketConnected,
} from '@/shared/lib/socket'

/** The session being resumed in this page (an effect may run twice). */
let resuming: string | undefined

/** What may have ended the session's reply or build: its end on the socket, or a reconnect (events may have been missed meanwhile). */
const mayHaveEnded = (sessionId: string) => (action: UnknownAction): boolean => {
  if (socketConnected.match(action)) return true
  if (chatDoneReceived.match(action) || isAnyOf(progressFailed, progressTimedOut, progressStopped)(action)) return action.payload.sessionId === sessionId
  return progressReceived.match(action) && action.payload.sessionId === sessionId && action.payload.percentage >= 100
}

/** Wakes a waiter once per event; an event with nobody waiting wakes the next wait at once. */
const wakeUps = () => {
  let waiter: (() => void) | undefined
  let missed = false
  return {
    wake: () => {
      if (waiter) {
        waiter()
        waiter = undefined
      } else missed = true
    },
    /** Forgets events so far: what the next read shows covers them. */
    reset: () => {
      missed = false
    },
    next: () =>
      new Promise<void>((resolve) => {
        if (missed) {
          missed = false
          resolve()
        } else waiter = resolve
      }),
  }
}

/**
 * After a reload while a reply or a build was on its way (its session id kept for the tab): joins
 * the session's room again, then finds its conversation (GET the session, then the conversation)
 * and shows it, with the reply still pending while it is processing; a build's tracker resumes
 * (it reads the build's state once connected). At the end of the reply or the build (or a
 * reconnect) the conversation is read again, until the final reply is there.
 */
export const resumeChat = createAsyncThunk<void, void, { state: RootState; dispatch: AppDispatch }>('chat/resume', async (_arg, { dispatch, getState }) => {
  const saved = readInFlight()
  // A reply pending for another session is another call's; one for this session is a build whose server went down (see deliver).
  if (!saved || resuming === saved.sessionId || (selectPendingReply(getState()) && selectPendingReply(getState())?.sessionId !== saved.sessionId)) return
  const { sessionId, kind } = saved
  resuming = sessionId
  const signal = wakeUps()
  const unsubscribe = dispatch(addListener({ predicate: mayHaveEnded(sessionId), effect: () => signal.wake() })) as unknown as () => void

  const read = async <T>(query: { unwrap: () => Promise<T> }): Promise<T | undefined> => query.unwrap().catch(() => undefined)
  const linkOf = () => read(dispatch(conversationApi.endpoints.getSessionLink.initiate(sessionId, { subscribe: false, forceRefetch: true })))
  const conversationOf = (id: string) => read(dispatch(conversationApi.endpoints.getStoredConversation.initiate(id, { subscribe: false, forceRefetch: true })))

  try {
    if (kind === 'build') dispatch(buildStarted({ sessionId, resumed: true }))
    // First the room, so that nothing sent from now on is missed; then what was done before.
    await joinSession(dispatch, sessionId)
    let shown: string | undefined
    for (;;) {
      signal.reset()
      const link = await linkOf()
      if (!link) {
        // Never reached the server (or not this owner's): nothing to resume.
        if (kind === 'build') dispatch(buildSettled({ sessionId, ok: false }))
        return
      }
      const item: HistoryItem | undefined = link.conversationId ? await conversationOf(link.conversationId) : undefined
      // Gone meanwhile: someone else's conversation is on screen now, or a new one started.
      if (shown !== undefined && selectConversationId(getState()) !== shown) return
      if (item) {
        const done = item.status !== 'processing'
        const build = done && link.kind === 'build' ? await read(dispatch(buildApi.endpoints.getBuildState.initiate(sessionId, { subscribe: false, forceRefetch: true }))) : undefined
        const delivered = build?.status === 'completed' && build.zipUrl !== undefined
        dispatch(
          conversationReloaded({
            // As the build's answer shows it: the note that the files were saved, and the project's files.
            item: delivered ? { ...item, response: `${item.response}\n\n${CHAT_TEXTS.filesSaved}` } : item,
            ...(!done && { pendingSessionId: sessionId }),
            ...(delivered && { buildSessionId: sessionId }),
          }),
        )
        shown = item.id
        if (done) return
      } else if (link.conversationId) {
        return
      }
      await signal.next()
    }
  } finally {
    unsubscribe()
    resuming = undefined
    clearInFlight(sessionId)
    dispatch(progressUnsubscribed({ sessionId }))
    dispatch(chatCallEnded({ sessionId }))
  }
})

import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit'
import { socketOwnerChanged } from '@/shared/lib/socket'
import { chatCallEnded, conversationCleared, HISTORY_REFRESH_DELAY_MS, historyRefreshRequested } from '@/entities/chat'
import { signedIn, signedOut } from '@/entities/session'

/**
 * Side effects that follow an action (the Redux style guide's listener middleware), one
 * middleware per store.
 */
export const createListeners = () => {
  const listener = createListenerMiddleware()
  const startAppListening = listener.startListening.withTypes<RootState, AppDispatch>()

  /*
   * One tab can change hands without a reload: sign in, sign out, or a stored token the server
   * refused. Whatever the previous owner had must not serve the next: the socket reconnects (a new
   * handshake carries the new cookie and token, the old rooms go), the chat starts a new
   * conversation (the old one belongs to the previous owner: continuing it would fail), and the
   * API cache is emptied (their history, leads and commands); pages on screen fetch again as the
   * new owner.
   */
  startAppListening({
    matcher: isAnyOf(signedIn, signedOut),
    effect: async (_action, { dispatch }) => {
      dispatch(socketOwnerChanged())
      dispatch(conversationCleared())
      // The API's code is loaded by now (signing in and out call it); importing it here rather
      // than above keeps RTK Query out of the first page's bundle.
      const { baseApi } = await import('@/shared/api')
      dispatch(baseApi.util.resetApiState())
    },
  })

  /*
   * After a chat call the server has stored the exchange: page 1 of the history again, a second
   * later. A newer call's refresh replaces a pending one.
   */
  startAppListening({
    actionCreator: chatCallEnded,
    effect: async (_action, { cancelActiveListeners, delay, dispatch }) => {
      cancelActiveListeners()
      await delay(HISTORY_REFRESH_DELAY_MS)
      dispatch(historyRefreshRequested())
      const { baseApi } = await import('@/shared/api')
      dispatch(baseApi.util.invalidateTags([{ type: 'Conversation', id: 'LIST' }]))
    },
  })

  return listener.middleware
}

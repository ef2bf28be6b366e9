export {
  chatApi,
  chatErrorMessage,
  chatBuildFailure,
  useStopChatMutation,
  useGetChatHistoryQuery,
  useDeleteConversationMutation,
} from './api/chatApi'
export type { HistoryArgs } from './api/chatApi'
export { conversationApi } from './api/conversationApi'
export type { SessionLink } from './api/conversationApi'
export {
  chatSlice,
  chatCallEnded,
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
  selectTurns,
  selectPendingReply,
  selectIsSending,
  selectChatError,
  selectConversationId,
  selectHistoryView,
} from './model/chatSlice'
export type { ChatState, PendingReply } from './model/chatSlice'
export { messageResent, conversationReloaded } from './model/chatTools'
export type {
  ChatMessage,
  ChatRole,
  ChatTurn,
  ChatRequest,
  ChatResult,
  BuildAnswers,
  BuildFailure,
  BuildQuestion,
  HistoryItem,
  HistoryPage,
  HistoryStatus,
  StoredRating,
  TurnRating,
} from './model/types'
export { isBuildRequest, chatPathFor, sendsToBuilder, hasDeliveredProject, BUILD_KEYWORDS } from './lib/isBuildRequest'
export {
  CHAT_TEXTS,
  CHAT_TOAST_MS,
  HISTORY_REFRESH_DELAY_MS,
  HISTORY_PAGE_SIZE,
  PREVIEW_LENGTH,
  MAX_ANSWER_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_MESSAGES,
} from './lib/texts'
export { ConversationLog } from './ui/ConversationLog'
export { ReadOnlyConversation } from './ui/ReadOnlyConversation'
export type { TurnToolsContext } from './ui/ConversationLog'
export { saveInFlight, readInFlight, clearInFlight, IN_FLIGHT_KEY } from './lib/inFlight'
export type { InFlight } from './lib/inFlight'
export { replaceFromOf, storedPositionOf } from './lib/positions'
export { isRateable } from './lib/ratings'

/**
 * Checks of what the server sends over the socket, against the events' contract. Loaded with
 * socket.io-client, when the first subscription opens the connection: the schemas' builder stays
 * out of every page's initial JavaScript.
 */
import { BuildEventMessage } from '@contracts/buildEvents'
import { guardOf } from '@contracts/check'
import { BuildProgress, ChatDeltaEvent, ChatDoneEvent, SocketMessage } from '@contracts/socket'
import { PreviewEventMessage } from '@contracts/preview'

export const isProgressEvent = guardOf(BuildProgress)
export const isSocketMessageEvent = guardOf(SocketMessage)
export const isChatDeltaEvent = guardOf(ChatDeltaEvent)
export const isChatDoneEvent = guardOf(ChatDoneEvent)
export const isBuildEventMessage = guardOf(BuildEventMessage)
export const isPreviewEventMessage = guardOf(PreviewEventMessage)

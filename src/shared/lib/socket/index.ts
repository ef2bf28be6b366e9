export {
  progressSubscribed,
  progressUnsubscribed,
  socketOwnerChanged,
  socketConnected,
  socketDisconnected,
  progressReceived,
  progressFailed,
  progressTimedOut,
  progressStopped,
  buildEventReceived,
  chatDeltaReceived,
  chatDoneReceived,
  previewEventReceived,
  joinSession,
  JOIN_TIMEOUT_MS,
} from './events'
export type { ProgressEvent, SocketMessageEvent, BuildEventMessage, ChatDeltaEvent, ChatDoneEvent, PreviewEventMessage } from './events'
export { createFakeSocket } from './fakeSocket'
export type { FakeSocket } from './fakeSocket'

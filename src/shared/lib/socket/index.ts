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
  chatDeltaReceived,
  chatDoneReceived,
  joinSession,
  JOIN_TIMEOUT_MS,
} from './events'
export type { ProgressEvent, SocketMessageEvent, ChatDeltaEvent, ChatDoneEvent } from './events'
export { createFakeSocket } from './fakeSocket'
export type { FakeSocket } from './fakeSocket'

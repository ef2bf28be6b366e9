export { MessageForm } from './ui/MessageForm'
export { sendChatMessage, stopChatReply } from './model/sendChatMessage'
export type { SendChatArgs, SendChatOutcome } from './model/sendChatMessage'

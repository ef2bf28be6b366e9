import { lazy } from 'react'

export { MessageForm } from './ui/MessageForm'
export { BuildQuestions, QUESTION_TEXTS } from './ui/BuildQuestions'
export { answerQuestions, answersText } from './model/answerQuestions'
export { RetryBuild, retryLabel } from './ui/RetryBuild'
export { retryBuild } from './model/retryBuild'
export { sendChatMessage, stopChatReply } from './model/sendChatMessage'
export type { SendChatArgs, SendChatOutcome } from './model/sendChatMessage'

/** Regenerate and Edit under the turns, with the inline editor: loaded with the first turn, not with the page. */
export const TurnTools = lazy(() => import(/* webpackChunkName: "turn-tools" */ './ui/TurnTools').then((module) => ({ default: module.TurnTools })))

/** Resumes the request a reload interrupted (see resumeChat): loaded only when the tab kept one. */
export const loadResumeChat = () => import(/* webpackChunkName: "chat-resume" */ './model/resumeChat').then((module) => module.resumeChat)

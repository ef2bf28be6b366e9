import { createAsyncThunk } from '@reduxjs/toolkit'
import { messageSent, selectConversationId, selectPendingReply, type BuildAnswers, type BuildQuestion } from '@/entities/chat'
import { deliver, type SendChatOutcome } from './deliver'

export interface AnswerQuestionsArgs {
  /** The build that asked (its session id). */
  sessionId: string
  questions: BuildQuestion[]
  /** One answer per question (blank: not answered), or 'Just build it'. */
  given: BuildAnswers
}

export const ANSWER_TEXTS = {
  skipped: 'Just build it: no answers, build on the assumptions.',
  notAnswered: 'Not answered',
} as const

/** The answers as the conversation shows them: each question with its answer (the server stores the same). */
export const answersText = (questions: readonly BuildQuestion[], given: BuildAnswers): string =>
  'skip' in given
    ? ANSWER_TEXTS.skipped
    : questions.map((question, index) => `${question.question} ${given.answers[index]?.trim() || `${ANSWER_TEXTS.notAnswered}: built on the assumptions`}`).join('\n')

/**
 * Answers the questions a build asked (or skips them): the answers show as the user's turn, and
 * the build goes on with the tracker, its reply coming as a build request's does (see `deliver`).
 */
export const answerQuestions = createAsyncThunk<SendChatOutcome, AnswerQuestionsArgs, { state: RootState; dispatch: AppDispatch }>(
  'chat/answerQuestions',
  async ({ sessionId, questions, given }, { dispatch, getState }) => {
    if (selectPendingReply(getState())) return { kind: 'skipped' }
    const content = answersText(questions, given)
    dispatch(messageSent({ sessionId, content }))
    const conversationId = selectConversationId(getState()) ?? undefined
    return deliver(dispatch, { sessionId, content, model: null, earlier: [], conversationId, followsProject: false, answering: given })
  },
)

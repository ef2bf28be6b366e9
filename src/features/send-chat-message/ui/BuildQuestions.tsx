import { useId, useState, type FormEvent } from 'react'
import { buildApi } from '@/entities/build'
import { MAX_ANSWER_LENGTH, selectPendingReply, type BuildQuestion } from '@/entities/chat'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Button } from '@/shared/ui'
import { answerQuestions } from '../model/answerQuestions'
import styles from './BuildQuestions.module.scss'

export const QUESTION_TEXTS = {
  heading: 'Before I build',
  waiting: 'Waiting for your answers',
  suggestions: 'Suggested answers',
  ownAnswer: 'Your answer',
  send: 'Send answers',
  skip: 'Just build it',
} as const

interface FormProps {
  sessionId: string
  questions: BuildQuestion[]
}

/** The questions with their suggestions (a choice fills the answer, which can also be typed), Send answers and Just build it. */
const QuestionsForm = ({ sessionId, questions }: FormProps) => {
  const dispatch = useAppDispatch()
  const busy = useAppSelector(selectPendingReply) !== null
  const [answers, setAnswers] = useState<string[]>(() => questions.map(() => ''))
  const id = useId()
  const answer = (index: number, text: string) => setAnswers((current) => current.map((said, at) => (at === index ? text : said)))
  const send = (given: { answers: string[] } | { skip: true }) => void dispatch(answerQuestions({ sessionId, questions, given }))
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) send({ answers })
  }

  return (
    <section className={styles.questions} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.heading}>
        {QUESTION_TEXTS.heading}
      </h3>
      <p className={styles.status} role="status">
        {QUESTION_TEXTS.waiting}
      </p>
      <form className={styles.form} onSubmit={onSubmit}>
        {questions.map((question, index) => (
          <fieldset key={question.question} className={styles.question}>
            <legend className={styles.legend}>{question.question}</legend>
            <div className={styles.suggestions} role="group" aria-label={`${QUESTION_TEXTS.suggestions}: ${question.question}`}>
              {question.suggestions.map((suggestion) => (
                <button
                  key={suggestion}
                  type="button"
                  className={styles.suggestion}
                  aria-pressed={answers[index] === suggestion}
                  onClick={() => answer(index, answers[index] === suggestion ? '' : suggestion)}
                >
                  {suggestion}
                </button>
              ))}
            </div>
            <label className={styles.label} htmlFor={`${id}-answer-${index}`}>
              {QUESTION_TEXTS.ownAnswer}
            </label>
            <input
              id={`${id}-answer-${index}`}
              className={styles.input}
              value={answers[index] ?? ''}
              maxLength={MAX_ANSWER_LENGTH}
              onChange={(event) => answer(index, event.target.value)}
            />
          </fieldset>
        ))}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy || answers.every((said) => said.trim() === '')}>
            {QUESTION_TEXTS.send}
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => send({ skip: true })}>
            {QUESTION_TEXTS.skip}
          </Button>
        </div>
      </form>
    </section>
  )
}

/**
 * Under a build's reply: the questions it asks while it waits for them, read from the build's
 * state, so they are there again after a reload and in another tab; nothing once answered or ended.
 */
export const BuildQuestions = ({ sessionId }: { sessionId: string }) => {
  // Read afresh each time it shows: the answers may have come from another tab meanwhile.
  const { data } = buildApi.useGetBuildStateQuery(sessionId, { refetchOnMountOrArgChange: true })
  if (data?.status !== 'running' || !data.questions) return null
  return <QuestionsForm key={sessionId} sessionId={sessionId} questions={data.questions} />
}

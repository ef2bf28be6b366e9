import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { isRateable, replyRated, selectConversationId, selectTurns, storedPositionOf, type ChatTurn, type TurnRating } from '@/entities/chat'
import { apiErrorMessage } from '@/shared/api'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Button } from '@/shared/ui'
import { RATING_COMMENT_MAX_LENGTH, type ReplyRatingValue } from '@contracts/questions'
import { useRateReplyMutation, useUnrateReplyMutation, type RatedReply } from '../api/ratingApi'
import styles from './RateReply.module.scss'

export const RATING_TEXTS = {
  group: 'Rate this reply',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  thanks: 'Thanks for your feedback.',
  removed: 'Your rating was taken back.',
  commentLabel: 'Tell us more (optional)',
  commentHint: `At most ${RATING_COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters. Enter sends, Shift+Enter starts a new line, Escape closes.`,
  send: 'Send',
  cancel: 'Cancel',
  addComment: 'Add a comment',
  editComment: 'Edit your comment',
  yourComment: 'Your comment:',
  failed: 'Your rating could not be saved. Please try again.',
} as const

const CHOICES: readonly { value: ReplyRatingValue; label: string }[] = [
  { value: 'helpful', label: RATING_TEXTS.helpful },
  { value: 'not_helpful', label: RATING_TEXTS.notHelpful },
]

interface RatingControlProps {
  turn: ChatTurn
  reply: RatedReply
}

/** The buttons, the optional comment, and what became of the last call. */
const RatingControl = ({ turn, reply }: RatingControlProps) => {
  const dispatch = useAppDispatch()
  const [rate] = useRateReplyMutation()
  const [unrate] = useUnrateReplyMutation()
  const [busy, setBusy] = useState(false)
  const [commenting, setCommenting] = useState(false)
  const [draft, setDraft] = useState('')
  const [status, setStatus] = useState('')
  const [error, setError] = useState<string | null>(null)
  const choices = useRef<HTMLDivElement>(null)
  const commentBox = useRef<HTMLTextAreaElement>(null)
  // Set by 'Add a comment': the box it opens takes the focus. A rating opens it too, but leaves the
  // focus on its button (pressing a toggle should not move the reader elsewhere).
  const focusBox = useRef(false)
  const id = useId()
  const current = turn.rating

  useEffect(() => {
    if (!commenting || !focusBox.current) return
    focusBox.current = false
    commentBox.current?.focus()
  }, [commenting])

  /** The comment is closed: its work is done, and the focus goes back to the pressed button. */
  const closeComment = () => {
    setCommenting(false)
    choices.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus()
  }

  const started = () => {
    setBusy(true)
    setError(null)
    setStatus('')
  }

  /** Stores `rating` (replacing any other); false when the server refused it, which then says why. */
  const save = async (rating: TurnRating): Promise<boolean> => {
    started()
    const result = await rate({ ...reply, ...rating })
    setBusy(false)
    if ('error' in result) {
      setError(apiErrorMessage(result.error) ?? RATING_TEXTS.failed)
      return false
    }
    dispatch(replyRated({ turnId: turn.id, rating }))
    setStatus(RATING_TEXTS.thanks)
    return true
  }

  const takeBack = async () => {
    started()
    const result = await unrate(reply)
    setBusy(false)
    if ('error' in result) {
      setError(apiErrorMessage(result.error) ?? RATING_TEXTS.failed)
      return
    }
    dispatch(replyRated({ turnId: turn.id, rating: null }))
    setCommenting(false)
    setStatus(RATING_TEXTS.removed)
  }

  const choose = async (value: ReplyRatingValue) => {
    // One call at a time: the buttons stay enabled (a disabled button would lose the focus).
    if (busy) return
    if (current?.rating === value) return takeBack()
    // A change of mind keeps what was said about the reply.
    const comment = current?.comment
    if (await save({ rating: value, ...(comment !== undefined && { comment }) })) {
      setDraft(comment ?? '')
      setCommenting(true)
    }
  }

  const openComment = () => {
    setDraft(current?.comment ?? '')
    focusBox.current = true
    setCommenting(true)
  }

  const sendComment = async () => {
    if (busy || !current) return
    const comment = draft.trim()
    if (comment === (current.comment ?? '')) return closeComment()
    if (await save({ rating: current.rating, ...(comment !== '' && { comment }) })) closeComment()
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void sendComment()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      closeComment()
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void sendComment()
    }
  }

  return (
    <div className={styles.rating}>
      <div className={styles.row}>
        <div ref={choices} role="group" aria-label={RATING_TEXTS.group} aria-busy={busy || undefined} className={styles.choices}>
          {CHOICES.map(({ value, label }) => (
            <button key={value} type="button" className={styles.choice} aria-pressed={current?.rating === value} onClick={() => void choose(value)}>
              {label}
            </button>
          ))}
        </div>
        {current && !commenting && (
          <button type="button" className={styles.more} onClick={openComment}>
            {current.comment ? RATING_TEXTS.editComment : RATING_TEXTS.addComment}
          </button>
        )}
      </div>
      {current?.comment && !commenting && (
        <p className={styles.said}>
          {RATING_TEXTS.yourComment} {current.comment}
        </p>
      )}
      {current && commenting && (
        <form className={styles.comment} onSubmit={onSubmit}>
          <label htmlFor={`${id}-comment`} className={styles.label}>
            {RATING_TEXTS.commentLabel}
          </label>
          <p id={`${id}-hint`} className={styles.hint}>
            {RATING_TEXTS.commentHint}
          </p>
          <textarea
            ref={commentBox}
            id={`${id}-comment`}
            className={styles.input}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            rows={3}
            maxLength={RATING_COMMENT_MAX_LENGTH}
            aria-describedby={`${id}-hint`}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" className={styles.action}>
              {RATING_TEXTS.send}
            </Button>
            <Button type="button" variant="ghost" className={styles.action} onClick={closeComment}>
              {RATING_TEXTS.cancel}
            </Button>
          </div>
        </form>
      )}
      {/* Always there, so that what it comes to say is announced. */}
      <p role="status" className={styles.status}>
        {status}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * 'Helpful' and 'Not helpful' under a completed reply of the assistant (toggle buttons: pressing
 * the pressed one takes the rating back), then an optional comment. Only for a reply the server
 * stored in a conversation it knows: the rating names the reply by its stored position.
 */
export const RateReply = ({ turn }: { turn: ChatTurn }) => {
  const turns = useAppSelector(selectTurns)
  const conversationId = useAppSelector(selectConversationId)
  const position = storedPositionOf(
    turns,
    turns.findIndex((candidate) => candidate.id === turn.id),
  )
  if (!isRateable(turn) || conversationId === null || position === undefined) return null
  return <RatingControl key={`${conversationId}/${position}`} turn={turn} reply={{ conversationId, position }} />
}

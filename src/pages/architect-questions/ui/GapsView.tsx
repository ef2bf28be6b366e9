import { useLayoutEffect, useRef } from 'react'
import { Button, Spinner } from '@/shared/ui'
import { questionsErrorText, useGetDocsGapsQuery } from '../api/questionsApi'
import type { CorrectionTarget, DocsGap } from '../model/types'
import { When } from './When'
import styles from './ArchitectQuestionsPage.module.scss'

const times = (count: number) => (count === 1 ? 'once' : `${count} times`)

/** 'Not answered well 5 times: 3 unanswered, 2 rated not helpful' (an answer can be both). */
export const gapSummary = ({ count, unanswered, notHelpful }: DocsGap): string => {
  const parts = [unanswered > 0 && `${unanswered} unanswered`, notHelpful > 0 && `${notHelpful} rated not helpful`].filter(Boolean)
  return `Not answered well ${times(count)}: ${parts.join(', ')}`
}

interface GapItemProps {
  gap: DocsGap
  onCorrect: (target: CorrectionTarget) => void
  onFocusLost: () => void
}

const GapItem = ({ gap, onCorrect, onFocusLost }: GapItemProps) => {
  const item = useRef<HTMLLIElement>(null)

  // A corrected gap leaves the list with its button, which has the focus again once the dialog
  // closes. Before it goes (its node is still in the page here), the focus moves on.
  useLayoutEffect(() => {
    const node = item.current
    return () => {
      if (node?.contains(document.activeElement)) onFocusLost()
    }
  }, [onFocusLost])

  return (
    <li ref={item} className={styles.item}>
      <div className={styles.itemText}>
        <p className={styles.itemQuestion}>{gap.question}</p>
        <p className={styles.muted}>
          {gapSummary(gap)}. Last asked <When iso={gap.lastAskedAt} />.
        </p>
      </div>
      <Button variant="secondary" className={styles.correct} onClick={() => onCorrect({ question: gap.question, answeredFrom: null })}>
        Correct<span className="visually-hidden"> “{gap.question}”</span>
      </Button>
    </li>
  )
}

interface GapsViewProps {
  onCorrect: (target: CorrectionTarget) => void
  /** Where the focus goes when a gap that had it leaves the list. */
  onFocusLost: () => void
}

/** What the docs should say: the questions most often answered 'I don't know' or rated not helpful, not yet corrected. */
export const GapsView = ({ onCorrect, onFocusLost }: GapsViewProps) => {
  const { data, isLoading, isError, error, refetch } = useGetDocsGapsQuery()

  if (isLoading) return <Spinner label="Loading docs gaps..." size="small" />
  if (isError || !data) {
    return (
      <div className={styles.error} role="alert">
        <p>Error: {questionsErrorText(error, 'The docs gaps could not be loaded.')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <>
      <p className={styles.viewNote}>Questions the assistant most often could not answer, or whose answer was rated not helpful, most frequent first. Corrected ones leave the list.</p>
      {data.length === 0 ? (
        <p className={styles.empty}>No docs gaps: no question was answered “I don’t know” or rated not helpful.</p>
      ) : (
        <ol className={styles.items} aria-label="Docs gaps, most frequent first">
          {data.map((gap) => (
            <GapItem key={gap.question} gap={gap} onCorrect={onCorrect} onFocusLost={onFocusLost} />
          ))}
        </ol>
      )}
    </>
  )
}

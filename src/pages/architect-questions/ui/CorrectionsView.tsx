import { useEffect, useRef, useState } from 'react'
import { Button, Spinner } from '@/shared/ui'
import { questionsErrorText, useGetCorrectionsQuery, useUndoCorrectionMutation } from '../api/questionsApi'
import type { Correction } from '../model/types'
import { SectionLink } from './SectionLink'
import { When } from './When'
import styles from './ArchitectQuestionsPage.module.scss'

interface CorrectionItemProps {
  correction: Correction
  onUndone: (correction: Correction) => void
}

const CorrectionItem = ({ correction, onUndone }: CorrectionItemProps) => {
  const [undo, { data: undone, isLoading, error }] = useUndoCorrectionMutation()
  const [acted, setActed] = useState(false)
  const status = useRef<HTMLParagraphElement>(null)
  // The server's answer shows at once; the refetched list agrees with it.
  const shown = undone?.id === correction.id ? undone : correction

  // The Undo button goes once it is undone (here, or elsewhere as a 409 says): the focus goes to the new status.
  useEffect(() => {
    if (acted && shown.undoneAt) status.current?.focus()
  }, [acted, shown.undoneAt])

  const onUndo = async () => {
    setActed(true)
    const result = await undo(correction.id)
    if ('data' in result && result.data) onUndone(result.data)
  }

  return (
    <li className={styles.item} data-state={shown.undoneAt ? 'undone' : 'in-force'}>
      <div className={styles.itemText}>
        <p className={styles.itemQuestion}>{shown.question}</p>
        <p>
          Answer: {shown.answer ? <SectionLink section={shown.answer} /> : 'Not covered by the docs'}
        </p>
        <p className={styles.muted}>
          By {shown.createdBy} on <When iso={shown.createdAt} />
        </p>
        <p ref={status} tabIndex={-1} className={styles.status}>
          {shown.undoneAt ? (
            <>
              Undone{shown.undoneBy && ` by ${shown.undoneBy}`} on <When iso={shown.undoneAt} />
            </>
          ) : (
            <span className={styles.badge}>In force</span>
          )}
        </p>
        {error && (
          <p className={styles.error} role="alert">
            Error: {questionsErrorText(error, 'The correction could not be undone.')}
          </p>
        )}
      </div>
      {!shown.undoneAt && (
        <Button variant="secondary" className={styles.correct} onClick={() => void onUndo()} disabled={isLoading}>
          {isLoading ? 'Undoing...' : 'Undo'}
          <span className="visually-hidden"> the correction of “{shown.question}”</span>
        </Button>
      )}
    </li>
  )
}

/** Every correction, newest first: what it says, who made it, and whether it is still in force. */
export const CorrectionsView = ({ onUndone }: { onUndone: (correction: Correction) => void }) => {
  const { data, isLoading, isError, error, refetch } = useGetCorrectionsQuery()

  if (isLoading) return <Spinner label="Loading corrections..." size="small" />
  if (isError || !data) {
    return (
      <div className={styles.error} role="alert">
        <p>Error: {questionsErrorText(error, 'The corrections could not be loaded.')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <>
      <p className={styles.viewNote}>How staff corrected the assistant’s answers, newest first. A correction in force applies to its question and questions worded like it.</p>
      {data.length === 0 ? (
        <p className={styles.empty}>No corrections yet.</p>
      ) : (
        <ol className={styles.items} aria-label="Corrections, newest first">
          {data.map((correction) => (
            <CorrectionItem key={correction.id} correction={correction} onUndone={onUndone} />
          ))}
        </ol>
      )}
    </>
  )
}

import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react'
import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'
import { sectionLabel } from '../lib/docsSections'
import { QUESTION_VIEWS, type Correction, type CorrectionTarget, type QuestionView } from '../model/types'
import { useQuestionsView } from '../model/useQuestionsView'
import { CorrectDialog } from './CorrectDialog'
import { CorrectionsView } from './CorrectionsView'
import { GapsView } from './GapsView'
import { QuestionsView } from './QuestionsView'
import styles from './ArchitectQuestionsPage.module.scss'

const savedText = ({ question, answer }: Correction): string =>
  answer
    ? `Correction saved: the assistant now answers “${question}” from ${sectionLabel(answer)}.`
    : `Correction saved: the assistant now says it does not know the answer to “${question}”.`

/**
 * Questions: what visitors asked the assistant (never who asked), how it answered and how they
 * rated it; the gaps in the docs; and the corrections staff make. The view, search, filter,
 * grouping and page live in the URL.
 */
const Questions = () => {
  const { state, showView, searchFor, filterBy, groupSimilar, goToPage } = useQuestionsView()
  const { view, ...query } = state
  const [correcting, setCorrecting] = useState<CorrectionTarget | null>(null)
  const [notice, setNotice] = useState('')
  const opener = useRef<HTMLElement | null>(null)
  const tabs = useRef<Partial<Record<QuestionView, HTMLButtonElement | null>>>({})
  const id = useId()

  const onTabKey = (event: KeyboardEvent) => {
    const index = QUESTION_VIEWS.findIndex((item) => item.id === view)
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key]
    const next =
      event.key === 'Home' ? QUESTION_VIEWS[0] : event.key === 'End' ? QUESTION_VIEWS.at(-1) : step ? QUESTION_VIEWS.at((index + step) % QUESTION_VIEWS.length) : undefined
    if (!next) return
    event.preventDefault()
    showView(next.id)
    tabs.current[next.id]?.focus()
  }

  const openCorrection = useCallback((target: CorrectionTarget) => {
    // The button that opened the dialog takes the focus back when it closes.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setNotice('')
    setCorrecting(target)
  }, [])

  /** The panel takes the focus when what had it is gone (a corrected gap's button). */
  const focusPanel = useCallback(() => document.getElementById(`${id}-panel`)?.focus(), [id])

  const closeCorrection = useCallback(() => {
    setCorrecting(null)
    if (opener.current?.isConnected) opener.current.focus()
    else focusPanel()
  }, [focusPanel])

  const onSaved = useCallback(
    (correction: Correction) => {
      setNotice(savedText(correction))
      closeCorrection()
    },
    [closeCorrection],
  )

  const onUndone = useCallback((correction: Correction) => setNotice(`Correction undone: the assistant answers “${correction.question}” from the docs again.`), [])

  return (
    <div className={styles.page}>
      <h1>Questions</h1>
      <p className={styles.lead}>What visitors asked the assistant and how it answered them. Who asked is never shown.</p>

      <div role="tablist" aria-label="Views" className={styles.tablist} onKeyDown={onTabKey}>
        {QUESTION_VIEWS.map((item) => (
          <button
            key={item.id}
            ref={(node) => {
              tabs.current[item.id] = node
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.id}`}
            aria-selected={item.id === view}
            aria-controls={`${id}-panel`}
            tabIndex={item.id === view ? 0 : -1}
            className={styles.tab}
            onClick={() => showView(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>

      <p className={notice ? styles.notice : 'visually-hidden'} role="status">
        {notice}
      </p>

      <section role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${view}`} className={styles.panel} tabIndex={-1}>
        {view === 'questions' && (
          <QuestionsView query={query} searchFor={searchFor} filterBy={filterBy} groupSimilar={groupSimilar} goToPage={goToPage} onCorrect={openCorrection} />
        )}
        {view === 'gaps' && <GapsView onCorrect={openCorrection} onFocusLost={focusPanel} />}
        {view === 'corrections' && <CorrectionsView onUndone={onUndone} />}
      </section>

      {correcting && <CorrectDialog target={correcting} onClose={closeCorrection} onSaved={onSaved} />}
    </div>
  )
}

export const ArchitectQuestionsPage = () => {
  usePageMeta({ title: 'Questions', description: 'What visitors asked the assistant, the gaps in the docs, and corrections.' })
  return (
    <RequirePermission permission="architect.questions" message="You do not have permission to access the Questions module.">
      <Questions />
    </RequirePermission>
  )
}

import { useEffect, useId, useState } from 'react'
import { QUESTION_FILTERS } from '@contracts/questions'
import { useDebounced } from '@/shared/lib/hooks'
import { Button, Options, Pager, Spinner } from '@/shared/ui'
import { questionsErrorText, useGetQuestionsQuery } from '../api/questionsApi'
import { FILTER_LABELS, isQuestionFilter, type CorrectionTarget, type QuestionFilter, type QuestionsQuery } from '../model/types'
import { MAX_SEARCH_LENGTH } from '../model/useQuestionsView'
import { QuestionTable } from './QuestionTable'
import styles from './ArchitectQuestionsPage.module.scss'

/** Search waits this long after the last keystroke (as the leads' and the chat history's). */
export const SEARCH_DEBOUNCE_MS = 500

const countFormat = new Intl.NumberFormat('en-US')
const FILTER_ITEMS = QUESTION_FILTERS.map((filter) => ({ value: filter, label: FILTER_LABELS[filter] }))

/** What the view says when nothing matches. */
const emptyText = (filter: QuestionFilter, term: string): string => {
  const matching = term === '' ? '' : ` match “${term}”`
  if (filter === 'unanswered') return term === '' ? 'No question was answered “I don’t know”.' : `No unanswered questions${matching}.`
  if (filter === 'not-helpful') return term === '' ? 'No reply was rated not helpful.' : `No questions rated not helpful${matching}.`
  return term === '' ? 'No questions yet.' : `No questions${matching}.`
}

interface QuestionsViewProps {
  query: QuestionsQuery
  searchFor: (search: string) => void
  filterBy: (filter: QuestionFilter) => void
  groupSimilar: (grouped: boolean) => void
  goToPage: (page: number) => void
  onCorrect: (target: CorrectionTarget) => void
}

/** What visitors asked, searched, filtered, grouped and paged; the state is the URL's. */
export const QuestionsView = ({ query, searchFor, filterBy, groupSimilar, goToPage, onCorrect }: QuestionsViewProps) => {
  const { search, filter, grouped, page } = query
  const [text, setText] = useState(search)
  const [searched, setSearched] = useState(search)
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS)
  const id = useId()

  // Back and forward change the search under the box: the box follows.
  if (search !== searched) {
    setSearched(search)
    if (search.trim() !== text.trim()) setText(search)
  }

  useEffect(() => {
    if (debounced.trim() !== search.trim()) searchFor(debounced)
    // Only a settled change of the box searches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced])

  const { currentData, isFetching, isError, error, refetch } = useGetQuestionsQuery(query)
  const loading = isFetching && currentData === undefined
  const shown = currentData?.items.length ?? 0
  const term = search.trim()
  const noun = grouped ? 'groups of similar questions' : 'questions'

  return (
    <>
      <div className={styles.toolbar}>
        <div className={`${styles.field} ${styles.searchField}`} role="search">
          <label htmlFor={`${id}-search`}>Search</label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Words in the question"
            maxLength={MAX_SEARCH_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-filter`}>Show</label>
          <select id={`${id}-filter`} value={filter} onChange={(event) => {
              if (isQuestionFilter(event.target.value)) filterBy(event.target.value)
            }}>
            <Options items={FILTER_ITEMS} />
          </select>
        </div>
        <label className={styles.toggle}>
          <input type="checkbox" checked={grouped} onChange={(event) => groupSimilar(event.target.checked)} />
          Group similar questions
        </label>
      </div>

      {loading ? (
        <Spinner label="Loading questions..." size="small" />
      ) : isError ? (
        <div className={styles.error} role="alert">
          <p>Error: {questionsErrorText(error, 'The questions could not be loaded.')}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : !currentData || shown === 0 ? (
        <p className={styles.empty}>{emptyText(filter, term)}</p>
      ) : (
        <QuestionTable items={currentData.items} grouped={grouped} caption={grouped ? 'Questions, similar ones together, latest first' : 'Questions, newest first'} onCorrect={onCorrect} />
      )}

      {!loading && !isError && (
        <Pager
          label="Question pages"
          summary={`Showing ${shown} of ${countFormat.format(currentData?.total ?? 0)} ${noun}`}
          page={page}
          pageShown={currentData?.page ?? page}
          pages={currentData?.pages ?? 1}
          busy={isFetching}
          onPageChange={goToPage}
        />
      )}
    </>
  )
}

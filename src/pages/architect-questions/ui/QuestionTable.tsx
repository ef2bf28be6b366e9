import { Button, DataTable, type DataTableColumn } from '@/shared/ui'
import type { AskedQuestion, CorrectionTarget } from '../model/types'
import { SectionLink } from './SectionLink'
import { When } from './When'
import styles from './ArchitectQuestionsPage.module.scss'

const RATING_LABELS = { helpful: 'Helpful', not_helpful: 'Not helpful' } as const

/** Where the answer came from: a docs section, or what else answered. */
const AnsweredFromCell = ({ item }: { item: AskedQuestion }) => {
  if (item.answeredFrom) return <SectionLink section={item.answeredFrom} />
  if (item.outcome === 'unknown') return <>I don’t know</>
  if (item.outcome === 'reply') return <>Fixed reply</>
  return <>External model{item.model && <span className={styles.muted}> ({item.model})</span>}</>
}

const QuestionCell = ({ item, grouped }: { item: AskedQuestion; grouped: boolean }) => (
  <>
    <span className={styles.questionText}>{item.question}</span>
    {grouped && item.count > 1 && (
      <span className={styles.count}>
        <span aria-hidden="true">×{item.count}</span>
        <span className="visually-hidden">, asked {item.count} times</span>
      </span>
    )}
    {item.corrected && <span className={styles.badge}>Corrected</span>}
  </>
)

const RatingCell = ({ item, grouped }: { item: AskedQuestion; grouped: boolean }) => (
  <>
    {item.rating ? RATING_LABELS[item.rating] : '—'}
    {item.comment && <q className={styles.comment}>{item.comment}</q>}
    {grouped && item.count > 1 && item.notHelpful > 0 && <span className={styles.muted}>{item.notHelpful} of {item.count} answers rated not helpful</span>}
  </>
)

interface QuestionTableProps {
  items: readonly AskedQuestion[]
  grouped: boolean
  caption: string
  onCorrect: (target: CorrectionTarget) => void
}

/** A page of questions: a table, or (in a narrow box, a phone) a card per question. */
export const QuestionTable = ({ items, grouped, caption, onCorrect }: QuestionTableProps) => {
  const columns: DataTableColumn<{ item: AskedQuestion; key: number }>[] = [
    { header: 'Question', cell: ({ item }) => <QuestionCell item={item} grouped={grouped} />, className: styles.question },
    { header: grouped ? 'Last asked' : 'Asked', cell: ({ item }) => <When iso={item.askedAt} />, className: styles.when },
    // 'Answer', not 'Answered from': on a phone the column's name stands beside each value, in a narrow column.
    { header: 'Answer', cell: ({ item }) => <AnsweredFromCell item={item} /> },
    { header: 'Rating', cell: ({ item }) => <RatingCell item={item} grouped={grouped} /> },
    {
      header: 'Action',
      cell: ({ item }) => (
        <Button variant="secondary" className={styles.correct} onClick={() => onCorrect({ question: item.question, answeredFrom: item.answeredFrom })}>
          Correct<span className="visually-hidden"> “{item.question}”</span>
        </Button>
      ),
    },
  ]
  // By position: a page is replaced whole, and the rows keep their elements (and the focus) when it refetches.
  const rows = items.map((item, key) => ({ item, key }))
  return <DataTable label={`${caption} (table)`} caption={caption} columns={columns} rows={rows} rowKey={(row) => row.key} />
}

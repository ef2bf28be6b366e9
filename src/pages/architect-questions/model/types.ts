import { QUESTION_FILTERS, type AnsweredFrom, type AskedQuestion, type QuestionFilter } from '@contracts/questions'

export type { AnsweredFrom, AskedQuestion, Correction, DocsGap, DocsSection, QuestionFilter } from '@contracts/questions'

/** The page's three views, as the tabs name them. */
export const QUESTION_VIEWS = [
  { id: 'questions', label: 'Questions' },
  { id: 'gaps', label: 'Docs gaps' },
  { id: 'corrections', label: 'Corrections' },
] as const
export type QuestionView = (typeof QUESTION_VIEWS)[number]['id']

export const isQuestionView = (value: unknown): value is QuestionView => QUESTION_VIEWS.some((view) => view.id === value)

/** The filter's choices, in the contract's order. */
export const FILTER_LABELS: Record<QuestionFilter, string> = { all: 'All', unanswered: 'Unanswered', 'not-helpful': 'Not helpful' }

export const isQuestionFilter = (value: unknown): value is QuestionFilter => QUESTION_FILTERS.some((filter) => filter === value)

/** What the Questions view shows: the URL's query, and what the API is asked for. */
export interface QuestionsQuery {
  search: string
  filter: QuestionFilter
  grouped: boolean
  page: number
}

/** The page's state in the URL: the view, and the Questions view's query (kept while another view is open). */
export interface QuestionsViewState extends QuestionsQuery {
  view: QuestionView
}

/** A page of questions (or groups of similar ones), newest first. */
export interface QuestionsPage {
  items: AskedQuestion[]
  page: number
  pages: number
  total: number
}

/** The question a correction is made for, and where it was answered from, if anywhere. */
export interface CorrectionTarget {
  question: string
  answeredFrom: AnsweredFrom | null
}

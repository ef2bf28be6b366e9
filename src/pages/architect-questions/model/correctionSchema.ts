import { mixed, object, string } from 'yup'
import { CORRECTION_MESSAGES, QUESTION_MAX_LENGTH } from '@contracts/questions'
import { storableString } from '@/shared/lib/validation'

/** Where the answer is: a docs section, or nowhere in the docs. */
export type AnswerSource = 'docs' | 'none'

export interface CorrectionValues {
  question: string
  source: AnswerSource
  /** The chosen section's key (lib/docsSections, sectionKey); '' for none chosen. */
  section: string
}

export const SECTION_REQUIRED = 'Choose the docs section that answers it.'

/** The server's own rules (contracts/questions.ts), with its words. */
export const correctionSchema = object({
  question: storableString().trim().required(CORRECTION_MESSAGES.questionRequired).max(QUESTION_MAX_LENGTH, CORRECTION_MESSAGES.questionTooLong),
  source: mixed<AnswerSource>().oneOf(['docs', 'none']).required(),
  section: string().when('source', { is: 'docs', then: (schema) => schema.required(SECTION_REQUIRED) }),
})

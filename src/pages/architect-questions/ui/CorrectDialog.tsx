import { useId, useState } from 'react'
import { Field, Form, Formik, type FormikHelpers } from 'formik'
import { Button, FocusFirstError, FormField, Spinner, fieldErrorsOf } from '@/shared/ui'
import { questionsErrorText, useCreateCorrectionMutation, useGetDocsSectionsQuery } from '../api/questionsApi'
import { sectionKey, sectionLabel, sectionOfKey, sectionsByPage } from '../lib/docsSections'
import { correctionSchema, SECTION_REQUIRED, type CorrectionValues } from '../model/correctionSchema'
import type { Correction, CorrectionTarget } from '../model/types'
import { Modal } from './Modal'
import styles from './ArchitectQuestionsPage.module.scss'

const FIELDS = ['question', 'section'] as const

/** The docs sections to choose from, by page; loading and failing in place. */
const SectionField = ({ id }: { id: string }) => {
  const { data, isLoading, isError, error, refetch } = useGetDocsSectionsQuery()
  if (isLoading) return <Spinner label="Loading the docs sections..." size="small" />
  if (isError || !data) {
    return (
      <div className={styles.error} role="alert">
        <p>Error: {questionsErrorText(error, 'The docs sections could not be loaded.')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    // Each option names its page too: a closed select shows only the chosen option, and many pages have an 'Access'.
    <FormField name="section" label="Docs section" id={id} as="select" required hint="Sections are grouped by docs page.">
      <option value="">Choose a section</option>
      {sectionsByPage(data).map((page) => (
        <optgroup key={page.path} label={page.title}>
          {page.sections.map((section) => (
            <option key={sectionKey(section)} value={sectionKey(section)}>
              {section.heading ? sectionLabel(section) : `${page.title} (introduction)`}
            </option>
          ))}
        </optgroup>
      ))}
    </FormField>
  )
}

interface CorrectDialogProps {
  target: CorrectionTarget
  onClose: () => void
  /** The correction the server stored; the dialog is closed by whoever opened it. */
  onSaved: (correction: Correction) => void
}

/**
 * Corrects how the assistant answers a question (and close paraphrases of it): from a docs section
 * chosen here, or 'I don't know' when the docs do not cover it. The question can be reworded
 * first, as people would ask it.
 */
export const CorrectDialog = ({ target, onClose, onSaved }: CorrectDialogProps) => {
  const [create] = useCreateCorrectionMutation()
  const [failure, setFailure] = useState<string | null>(null)
  const id = useId()
  const idOf = (field: string) => `${id}-${field}`

  const initialValues: CorrectionValues = {
    question: target.question,
    source: 'docs',
    section: target.answeredFrom ? sectionKey(target.answeredFrom) : '',
  }

  const submit = async (values: CorrectionValues, helpers: FormikHelpers<CorrectionValues>) => {
    setFailure(null)
    const answer = values.source === 'none' ? null : (sectionOfKey(values.section) ?? null)
    if (values.source === 'docs' && answer === null) {
      helpers.setFieldError('section', SECTION_REQUIRED)
      return
    }
    const result = await create({ question: values.question.trim(), answer })
    if ('data' in result && result.data) {
      onSaved(result.data)
      return
    }
    // The server's word on a field goes under that field; anything else above the buttons.
    // The server names the section `answer`.
    const fields = fieldErrorsOf(result.error, FIELDS, (field) => (field === 'section' ? 'answer' : field))
    if (fields) {
      helpers.setErrors(fields)
      return
    }
    setFailure(questionsErrorText(result.error, 'The correction could not be saved.'))
  }

  return (
    <Modal title="Correct the answer" describedBy={`${id}-about`} initialFocus={idOf('question')} onClose={onClose}>
      <p id={`${id}-about`} className={styles.dialogAbout}>
        The assistant will answer this question, and questions worded like it, as you choose here, until the correction is undone.
      </p>
      <Formik initialValues={initialValues} validationSchema={correctionSchema} validateOnChange={false} validateOnBlur={false} onSubmit={submit}>
        {({ values, isSubmitting }) => (
          <Form className={styles.dialogForm} noValidate aria-busy={isSubmitting}>
            <FocusFirstError fields={FIELDS} idOf={idOf} />
            <FormField name="question" label="Question" id={idOf('question')} as="textarea" rows={3} required />
            <fieldset className={styles.choice}>
              <legend>Where is the answer?</legend>
              <label>
                <Field type="radio" name="source" value="docs" /> Answered by a docs section
              </label>
              <label>
                <Field type="radio" name="source" value="none" /> Not covered by the docs
              </label>
            </fieldset>
            {values.source === 'docs' ? (
              <SectionField id={idOf('section')} />
            ) : (
              <p className={styles.hint}>The assistant will say it does not know, and point to the documentation and the contact page.</p>
            )}
            {failure && (
              <p className={styles.error} role="alert">
                Error: {failure}
              </p>
            )}
            <div className={styles.dialogActions}>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save correction'}
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </Modal>
  )
}

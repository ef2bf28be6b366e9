import type { ReactNode } from 'react'
import { Form, Formik, type FormikHelpers, type FormikValues } from 'formik'
import type { AnySchema } from 'yup'
import { FocusFirstError } from './FocusFirstError'
import styles from './FormKit.module.scss'

interface SubmitFormProps<Values extends FormikValues> {
  initialValues: Values
  validationSchema: AnySchema
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>
  /** Field names in the order the form shows them, for the focus after a failed submit. */
  fields: readonly string[]
  /** The input id of each field. */
  idOf: (field: string) => string
  /** The fields, given whether the form is being sent. */
  children: (isSubmitting: boolean) => ReactNode
}

/**
 * A form checked on submit only (a message appears once a person has tried to send, not while
 * they type), busy while it sends, that moves focus to the first invalid field.
 */
export const SubmitForm = <Values extends FormikValues>({
  initialValues,
  validationSchema,
  onSubmit,
  fields,
  idOf,
  children,
}: SubmitFormProps<Values>) => (
  <Formik
    initialValues={initialValues}
    validationSchema={validationSchema}
    validateOnChange={false}
    validateOnBlur={false}
    onSubmit={onSubmit}
  >
    {({ isSubmitting }) => (
      <Form className={styles.form} noValidate aria-busy={isSubmitting}>
        <FocusFirstError fields={fields} idOf={idOf} />
        {children(isSubmitting)}
      </Form>
    )}
  </Formik>
)

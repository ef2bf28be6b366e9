import { useCallback, useId } from 'react'
import { Field, Form, Formik, type FormikHelpers } from 'formik'
import { isApiErrorBody } from '@/shared/api'
import { CONTACT_SUBJECTS, LEAD_LIMITS } from '@/shared/lib/validation'
import { Button, FormField, Toast, useToast } from '@/shared/ui'
import { useSendContactMessageMutation } from '../api/contactApi'
import type { ContactPrefill } from '../model/prefill'
import { CONTACT_FIELDS, contactSchema, type ContactValues } from '../model/schema'
import { CONTACT_TEXTS } from '../model/texts'
import { FocusFirstError } from './FocusFirstError'
import styles from './ContactForm.module.scss'

interface ContactFormProps {
  /** What the page's `?product=` and `?subject=` preselect. */
  prefill?: ContactPrefill
}

/** The server's field errors for a 400, limited to the form's own fields. */
const fieldErrorsOf = (error: unknown): Partial<Record<keyof ContactValues, string>> | undefined => {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 400) return undefined
  const data = 'data' in error ? error.data : undefined
  if (!isApiErrorBody(data) || !data.errors) return undefined
  const errors: Partial<Record<keyof ContactValues, string>> = {}
  for (const field of CONTACT_FIELDS) {
    const message = data.errors[field]
    if (message) errors[field] = message
  }
  return Object.keys(errors).length > 0 ? errors : undefined
}

/** The contact form: Formik + Yup with the shared rules, posting to `POST /api/contact`. */
export const ContactForm = ({ prefill = {} }: ContactFormProps) => {
  const [send] = useSendContactMessageMutation()
  const { toast, showToast, hideToast } = useToast()
  const id = useId()
  const idOf = useCallback((field: string) => `${id}-${field}`, [id])

  const initialValues: ContactValues = {
    name: '',
    email: '',
    company: '',
    subject: prefill.subject ?? '',
    message: '',
    website: '',
  }

  const submit = async (values: ContactValues, helpers: FormikHelpers<ContactValues>) => {
    hideToast()
    if (values.subject === '') return
    try {
      await send({
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        subject: values.subject,
        message: values.message.trim(),
        ...(prefill.product && { product: prefill.product.value }),
        ...(values.website && { website: values.website }),
      }).unwrap()
      helpers.resetForm()
      showToast('success', CONTACT_TEXTS.success)
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error)
      if (fieldErrors) helpers.setErrors(fieldErrors)
      else showToast('error', CONTACT_TEXTS.failure)
    }
  }

  return (
    <>
      <Formik
        initialValues={initialValues}
        validationSchema={contactSchema}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form className={styles.form} noValidate aria-busy={isSubmitting}>
            <FocusFirstError fields={CONTACT_FIELDS} idOf={idOf} />
            {prefill.product && (
              <p className={styles.about}>
                <span className={styles.aboutLabel}>About:</span> {prefill.product.label}
              </p>
            )}
            <p className={styles.legend}>
              Fields marked <span aria-hidden="true">*</span>
              <span className="visually-hidden">with an asterisk</span> are required.
            </p>
            <div className={styles.row}>
              <FormField name="name" label="Name" id={idOf('name')} required autoComplete="name" />
              <FormField name="email" label="Email" id={idOf('email')} type="email" required autoComplete="email" />
            </div>
            <div className={styles.row}>
              <FormField name="company" label="Company" id={idOf('company')} autoComplete="organization" />
              <FormField name="subject" label="Subject" id={idOf('subject')} as="select" required>
                <option value="">{CONTACT_TEXTS.subjectPlaceholder}</option>
                {CONTACT_SUBJECTS.map((subject) => (
                  <option key={subject.value} value={subject.value}>
                    {subject.label}
                  </option>
                ))}
              </FormField>
            </div>
            <FormField
              name="message"
              label="Message"
              id={idOf('message')}
              as="textarea"
              rows={6}
              required
              hint={`At least 10 and at most ${LEAD_LIMITS.message.toLocaleString('en-US')} characters.`}
            />
            <div className={styles.honeypot} aria-hidden="true">
              <label htmlFor={idOf('website')}>Website</label>
              <Field id={idOf('website')} name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <div className={styles.actions}>
              <Button type="submit" size="large" disabled={isSubmitting}>
                {isSubmitting ? CONTACT_TEXTS.sending : CONTACT_TEXTS.submit}
              </Button>
            </div>
          </Form>
        )}
      </Formik>
      {toast && <Toast key={toast.id} type={toast.type} message={toast.message} onClose={hideToast} />}
    </>
  )
}

import { useId, useState } from 'react'
import { Formik, Form, Field, type FormikHelpers } from 'formik'
import { isApiErrorBody } from '@/shared/api'
import { Honeypot } from '@/shared/ui'
import { useSubscribeMutation } from '../api/newsletterApi'
import { newsletterSchema } from '../model/schema'
import { NEWSLETTER_DEFAULTS, NEWSLETTER_TEXTS, type NewsletterOptions } from '../model/options'
import styles from './Newsletter.module.scss'

interface Values {
  email: string
  website: string
}

const initialValues: Values = { email: '', website: '' }

const fieldErrorOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 400) return undefined
  const data = 'data' in error ? error.data : undefined
  return isApiErrorBody(data) ? data.errors?.email : undefined
}

/** The newsletter sign-up: Formik + Yup with the shared rules, posting to `POST /api/newsletter`. */
const NewsletterForm = ({
  title = NEWSLETTER_DEFAULTS.title,
  description = NEWSLETTER_DEFAULTS.description,
  buttonText = NEWSLETTER_DEFAULTS.buttonText,
  placeholder = NEWSLETTER_DEFAULTS.placeholder,
  layout = 'horizontal',
  variant = 'default',
  className,
  onSuccess,
  onError,
}: NewsletterOptions) => {
  const [subscribe] = useSubscribeMutation()
  const [subscribed, setSubscribed] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const id = useId()
  const emailId = `${id}-email`
  const errorId = `${id}-error`
  const headingId = `${id}-heading`

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setFailure(null)
    const email = values.email.trim()
    try {
      await subscribe({ email, website: values.website || undefined }).unwrap()
      setSubscribed(true)
      helpers.resetForm()
      onSuccess?.(email)
    } catch (error) {
      const fieldError = fieldErrorOf(error)
      if (fieldError) helpers.setFieldError('email', fieldError)
      else setFailure(NEWSLETTER_TEXTS.failure)
      onError?.(error)
    }
  }

  const showHeading = variant !== 'minimal'

  return (
    <section
      className={[styles.newsletter, styles[variant], className].filter(Boolean).join(' ')}
      aria-labelledby={showHeading ? headingId : undefined}
      aria-label={showHeading ? undefined : title}
    >
      {showHeading && (
        <div className={styles.intro}>
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
          <p className={styles.description}>{description}</p>
        </div>
      )}
      {subscribed ? (
        <div className={styles.success} role="status">
          <p className={styles.successTitle}>{NEWSLETTER_TEXTS.success}</p>
          <p>{NEWSLETTER_TEXTS.successDetail}</p>
          <button type="button" className={styles.linkButton} onClick={() => setSubscribed(false)}>
            {NEWSLETTER_TEXTS.again}
          </button>
        </div>
      ) : (
        <Formik initialValues={initialValues} validationSchema={newsletterSchema} onSubmit={submit}>
          {({ errors, touched, isSubmitting }) => {
            const emailError = touched.email ? errors.email : undefined
            return (
              <Form className={`${styles.form} ${styles[layout]}`} noValidate>
                <label htmlFor={emailId} className="visually-hidden">
                  Email address
                </label>
                <div className={styles.field}>
                  <Field
                    id={emailId}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    placeholder={placeholder}
                    className={styles.input}
                    aria-invalid={emailError ? true : undefined}
                    aria-describedby={emailError ? errorId : undefined}
                    disabled={isSubmitting}
                  />
                  {emailError && (
                    <p id={errorId} className={styles.fieldError} role="alert">
                      {emailError}
                    </p>
                  )}
                </div>
                <Honeypot id={`${id}-website`} />
                <button type="submit" className={styles.submit} disabled={isSubmitting}>
                  {isSubmitting ? NEWSLETTER_TEXTS.submitting : buttonText}
                </button>
              </Form>
            )
          }}
        </Formik>
      )}
      {failure && !subscribed && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
    </section>
  )
}

export default NewsletterForm

import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { FormikHelpers } from 'formik'
import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { WAITLIST_ROLES, WAITLIST_SOURCES } from '@/shared/lib/validation'
import { Button, FormField, FormNote, FormRow, Honeypot, NameEmailRow, Options, RequiredLegend, SubmitForm, Toast, fieldErrorsOf, useToast } from '@/shared/ui'
import { useJoinWaitlistMutation } from '../api/waitlistApi'
import { prefillLabel, type WaitlistPrefill } from '../model/prefill'
import { EMPTY_WAITLIST_VALUES, WAITLIST_FIELDS, waitlistSchema, type WaitlistValues } from '../model/schema'
import { WAITLIST_TEXTS } from '../model/texts'
import styles from './WaitlistForm.module.scss'

interface WaitlistFormProps {
  /** The plan and product of the page's `?plan=` and `?product=`. */
  prefill?: WaitlistPrefill
}

/** The server names the form's `hear` field `source`. */
const serverName = (field: keyof WaitlistValues) => (field === 'hear' ? 'source' : field)

interface ThanksProps {
  name: string
  email: string
  joiningFor: string | undefined
  onAgain: () => void
}

/** Replaces the form after a signup; focus moves to its heading so the change is announced. */
const Thanks = ({ name, email, joiningFor, onAgain }: ThanksProps) => {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className={styles.thanks}>
      <span className={styles.thanksIcon} aria-hidden="true">
        ✓
      </span>
      <h3 ref={heading} tabIndex={-1} className={styles.thanksTitle}>
        {WAITLIST_TEXTS.thanksTitle}
      </h3>
      <p>
        Thank you, {name}. We will write to <strong>{email}</strong> as soon as early access to {PRODUCT_NAME} opens in
        June 2025, with your invitation and a short guide to your first build.
      </p>
      {joiningFor && (
        <p>
          {WAITLIST_TEXTS.joiningFor} <strong>{joiningFor}</strong>
        </p>
      )}
      <p className={styles.thanksNext}>
        Meanwhile, read how the agents work together in the <Link to="/docs">documentation</Link> or explore the{' '}
        <Link to="/architecture">architecture</Link>.
      </p>
      <button type="button" className={styles.linkButton} onClick={onAgain}>
        {WAITLIST_TEXTS.again}
      </button>
    </div>
  )
}

/** The waitlist form: Formik + Yup with the shared rules, posting to `POST /api/waitlist/join`. */
export const WaitlistForm = ({ prefill = {} }: WaitlistFormProps) => {
  const [join] = useJoinWaitlistMutation()
  const { toast, showToast, hideToast } = useToast()
  const [joined, setJoined] = useState<{ name: string; email: string } | null>(null)
  /** Set by 'Join again', so the name field takes focus once the form is back. */
  const focusFormNext = useRef(false)
  const id = useId()
  const idOf = useCallback((field: string) => `${id}-${field}`, [id])
  const joiningFor = prefillLabel(prefill)

  useEffect(() => {
    if (joined || !focusFormNext.current) return
    focusFormNext.current = false
    document.getElementById(idOf('name'))?.focus()
  }, [joined, idOf])

  const submit = async (values: WaitlistValues, helpers: FormikHelpers<WaitlistValues>) => {
    hideToast()
    if (values.role === '') return
    const person = { name: values.name.trim(), email: values.email.trim() }
    try {
      await join({
        ...person,
        company: values.company.trim(),
        role: values.role,
        useCase: values.useCase.trim(),
        ...(values.hear && { source: values.hear }),
        ...(prefill.plan && { plan: prefill.plan.value }),
        ...(prefill.product && { product: prefill.product.value }),
        ...(values.website && { website: values.website }),
      }).unwrap()
      helpers.resetForm()
      setJoined(person)
      showToast('success', WAITLIST_TEXTS.success)
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, WAITLIST_FIELDS, serverName)
      if (fieldErrors) helpers.setErrors(fieldErrors)
      else showToast('error', WAITLIST_TEXTS.failure)
    }
  }

  const again = () => {
    hideToast()
    focusFormNext.current = true
    setJoined(null)
  }

  return (
    <>
      {joined ? (
        <Thanks name={joined.name} email={joined.email} joiningFor={joiningFor} onAgain={again} />
      ) : (
        <SubmitForm initialValues={EMPTY_WAITLIST_VALUES} validationSchema={waitlistSchema} onSubmit={submit} fields={WAITLIST_FIELDS} idOf={idOf}>
          {(isSubmitting) => (
            <>
              {joiningFor && (
                <FormNote>
                  {WAITLIST_TEXTS.joiningFor} <strong>{joiningFor}</strong>
                </FormNote>
              )}
              <RequiredLegend />
              <NameEmailRow idOf={idOf} />
              <FormRow>
                <FormField
                  name="company"
                  label="Company or project name"
                  id={idOf('company')}
                  required
                  autoComplete="organization"
                />
                <FormField name="role" label="Role" id={idOf('role')} as="select" required>
                  <Options placeholder={WAITLIST_TEXTS.rolePlaceholder} items={WAITLIST_ROLES} />
                </FormField>
              </FormRow>
              <FormField
                name="useCase"
                label={`How do you plan to use ${PRODUCT_NAME}?`}
                id={idOf('useCase')}
                as="textarea"
                rows={4}
                hint="The kind of projects you would build, your stack, your team size: anything that helps us prepare your access."
              />
              <FormField name="hear" label="How did you hear about us?" id={idOf('hear')} as="select">
                <Options placeholder={WAITLIST_TEXTS.hearPlaceholder} items={WAITLIST_SOURCES} />
              </FormField>
              <Honeypot id={idOf('website')} />
              <div className={styles.actions}>
                <Button type="submit" size="large" disabled={isSubmitting}>
                  {isSubmitting ? WAITLIST_TEXTS.joining : WAITLIST_TEXTS.submit}
                </Button>
                <p className={styles.consent}>
                  By joining, you agree to our <Link to="/privacy">Privacy Policy</Link> and to receive early-access
                  emails. You can unsubscribe at any time.
                </p>
              </div>
            </>
          )}
        </SubmitForm>
      )}
      {toast && <Toast key={toast.id} type={toast.type} message={toast.message} onClose={hideToast} />}
    </>
  )
}

import { useCallback, useId } from 'react'
import type { FormikHelpers } from 'formik'
import { CONTACT_SUBJECTS, LEAD_LIMITS } from '@/shared/lib/validation'
import { Button, FormField, FormNote, FormRow, Honeypot, NameEmailRow, Options, RequiredLegend, SubmitForm, Toast, fieldErrorsOf, useToast } from '@/shared/ui'
import { useSendContactMessageMutation } from '../api/contactApi'
import type { ContactPrefill } from '../model/prefill'
import { CONTACT_FIELDS, contactSchema, type ContactValues } from '../model/schema'
import { CONTACT_TEXTS } from '../model/texts'
import styles from './ContactForm.module.scss'

interface ContactFormProps {
  /** What the page's `?product=` and `?subject=` preselect. */
  prefill?: ContactPrefill
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
      const fieldErrors = fieldErrorsOf(error, CONTACT_FIELDS)
      if (fieldErrors) helpers.setErrors(fieldErrors)
      else showToast('error', CONTACT_TEXTS.failure)
    }
  }

  return (
    <>
      <SubmitForm initialValues={initialValues} validationSchema={contactSchema} onSubmit={submit} fields={CONTACT_FIELDS} idOf={idOf}>
        {(isSubmitting) => (
          <>
            {prefill.product && (
              <FormNote>
                <span className={styles.aboutLabel}>About:</span> {prefill.product.label}
              </FormNote>
            )}
            <RequiredLegend />
            <NameEmailRow idOf={idOf} />
            <FormRow>
              <FormField name="company" label="Company" id={idOf('company')} autoComplete="organization" />
              <FormField name="subject" label="Subject" id={idOf('subject')} as="select" required>
                <Options placeholder={CONTACT_TEXTS.subjectPlaceholder} items={CONTACT_SUBJECTS} />
              </FormField>
            </FormRow>
            <FormField
              name="message"
              label="Message"
              id={idOf('message')}
              as="textarea"
              rows={6}
              required
              hint={`At least 10 and at most ${LEAD_LIMITS.message.toLocaleString('en-US')} characters.`}
            />
            <Honeypot id={idOf('website')} />
            <div className={styles.actions}>
              <Button type="submit" size="large" disabled={isSubmitting}>
                {isSubmitting ? CONTACT_TEXTS.sending : CONTACT_TEXTS.submit}
              </Button>
            </div>
          </>
        )}
      </SubmitForm>
      {toast && <Toast key={toast.id} type={toast.type} message={toast.message} onClose={hideToast} />}
    </>
  )
}

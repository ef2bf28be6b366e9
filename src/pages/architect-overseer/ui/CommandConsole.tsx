import { useEffect, useId, useRef, useState } from 'react'
import { Form, Formik, type FormikHelpers } from 'formik'
import { apiErrorMessage } from '@/shared/api'
import { Button, FormField, Spinner } from '@/shared/ui'
import { useGetArchitectCommandsQuery, useSendArchitectCommandMutation } from '../api/overseerApi'
import { errorText, fieldErrorsOf } from '../lib/errors'
import { formatMoment } from '../lib/time'
import { commandSchema, type CommandValues } from '../model/commandSchema'
import { OVERSEER_TEXTS } from '../model/texts'
import styles from './CommandConsole.module.scss'

/** After a submit that the form's own rules reject, focus moves to the field, which reads its message. */
const FocusOnError = ({ submitCount, hasError, fieldId }: { submitCount: number; hasError: boolean; fieldId: string }) => {
  const handled = useRef(0)
  useEffect(() => {
    if (submitCount === handled.current || !hasError) return
    handled.current = submitCount
    document.getElementById(fieldId)?.focus()
  }, [submitCount, hasError, fieldId])
  return null
}

const SentCommands = () => {
  const { data, error, isLoading } = useGetArchitectCommandsQuery()
  return (
    <section className={styles.sent} aria-labelledby="sent-commands-title">
      <h3 id="sent-commands-title">{OVERSEER_TEXTS.sentTitle}</h3>
      {isLoading && <Spinner label={OVERSEER_TEXTS.sentLoading} size="small" />}
      {error && !data && (
        <p className={styles.error} role="alert">
          {OVERSEER_TEXTS.sentFailed}
          {errorText(error) && ` (${errorText(error)})`}
        </p>
      )}
      {data && data.length === 0 && <p className={styles.empty}>{OVERSEER_TEXTS.sentEmpty}</p>}
      {data && data.length > 0 && (
        <ol className={styles.list} aria-labelledby="sent-commands-title">
          {data.map((entry) => (
            <li key={entry.id} className={styles.entry}>
              <p className={styles.command}>{entry.command}</p>
              <p className={styles.meta}>
                Sent by {entry.author} · <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/**
 * The command interface: a command is recorded in the agent log with who sent it and when, and
 * joins the list below. Nothing executes it.
 */
export const CommandConsole = () => {
  const [send] = useSendArchitectCommandMutation()
  const [failure, setFailure] = useState<string | null>(null)
  const [recorded, setRecorded] = useState<string | null>(null)
  const fieldId = `${useId()}-command`

  const submit = async (values: CommandValues, helpers: FormikHelpers<CommandValues>) => {
    setFailure(null)
    setRecorded(null)
    try {
      const stored = await send(values.command.trim()).unwrap()
      helpers.resetForm()
      setRecorded(`Command recorded at ${formatMoment(stored.createdAt)}.`)
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (fields?.command) {
        helpers.setFieldError('command', fields.command)
        document.getElementById(fieldId)?.focus()
        return
      }
      const message = apiErrorMessage(error as Parameters<typeof apiErrorMessage>[0])
      setFailure(message ? `${OVERSEER_TEXTS.sendFailed} (${message})` : OVERSEER_TEXTS.sendFailed)
    }
  }

  return (
    <section className={styles.card} aria-labelledby="command-title">
      <h2 id="command-title">Command Interface</h2>
      <Formik
        initialValues={{ command: '' }}
        validationSchema={commandSchema}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={submit}
      >
        {({ isSubmitting, submitCount, errors }) => (
          <Form className={styles.form} noValidate aria-busy={isSubmitting}>
            <FormField
              name="command"
              label={OVERSEER_TEXTS.commandLabel}
              id={fieldId}
              as="textarea"
              rows={3}
              required
              hint={OVERSEER_TEXTS.commandHint}
            />
            <FocusOnError submitCount={submitCount} hasError={Boolean(errors.command)} fieldId={fieldId} />
            <div className={styles.actions}>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? OVERSEER_TEXTS.sending : OVERSEER_TEXTS.send}
              </Button>
            </div>
          </Form>
        )}
      </Formik>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {recorded}
      </p>
      <SentCommands />
    </section>
  )
}

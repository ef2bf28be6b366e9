import { useId, useState, type FormEvent } from 'react'
import { PREVIEW_METHODS, PREVIEW_REQUEST_BODY_MAX, type PreviewMethod } from '@contracts/preview'
import { Button } from '@/shared/ui'
import { previewApi, previewErrorText, type PreviewAnswer } from '../api/previewApi'
import styles from './PreviewBuild.module.scss'

/** `GET /items/:id` → its method and a path to start from (`:id` as 1). */
const routeParts = (route: string): { method: PreviewMethod; path: string } | undefined => {
  const [method, path] = route.split(' ')
  return PREVIEW_METHODS.includes(method as PreviewMethod) && path ? { method: method as PreviewMethod, path: path.replace(':id', '1') } : undefined
}

const BODY_METHODS: readonly PreviewMethod[] = ['POST', 'PUT', 'PATCH']

/** The answer's body, indented when it is JSON. */
const shown = (body: string): string => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/**
 * A running HTTP API's request console: a method, a path (the routes the build made offered), a
 * JSON body; the request goes to the running API and its status, headers and body show below.
 */
export const ApiConsole = ({ sessionId, routes }: { sessionId: string; routes: string[] }) => {
  const id = useId()
  const first = routes.map(routeParts).find((parts) => parts !== undefined)
  const [method, setMethod] = useState<PreviewMethod>(first?.method ?? 'GET')
  const [path, setPath] = useState(first?.path ?? '/')
  const [body, setBody] = useState('{\n  \n}')
  const [problem, setProblem] = useState<string | null>(null)
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null)
  const [send, sending] = previewApi.useSendPreviewRequestMutation()
  const withBody = BODY_METHODS.includes(method)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!path.startsWith('/')) return setProblem('The path starts with /, for example /items.')
    if (withBody) {
      try {
        JSON.parse(body)
      } catch {
        return setProblem('The body is not valid JSON.')
      }
    }
    setProblem(null)
    const result = await send({ sessionId, method, path, ...(withBody && { body }) })
    if ('error' in result) {
      setAnswer(null)
      setProblem(previewErrorText(result.error))
    } else {
      setAnswer(result.data)
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className={styles.heading}>
        API console
      </h5>
      {routes.length > 0 && (
        <p className={styles.status}>
          Routes: {routes.join(' · ')}
        </p>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label className={styles.field}>
          Method
          <select className={styles.input} value={method} onChange={(event) => setMethod(event.target.value as PreviewMethod)}>
            {PREVIEW_METHODS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Path
          <input className={styles.input} value={path} onChange={(event) => setPath(event.target.value)} list={`${id}-routes`} maxLength={2000} spellCheck={false} />
          <datalist id={`${id}-routes`}>
            {routes.map(routeParts).map((parts, index) => parts && <option key={`${routes[index]}`} value={parts.path} />)}
          </datalist>
        </label>
        {withBody && (
          <label className={`${styles.field} ${styles.wide}`}>
            JSON body
            <textarea className={styles.input} value={body} onChange={(event) => setBody(event.target.value)} rows={4} maxLength={PREVIEW_REQUEST_BODY_MAX} spellCheck={false} />
          </label>
        )}
        <div className={`${styles.actions} ${styles.wide}`}>
          <Button type="submit" disabled={sending.isLoading}>
            {sending.isLoading ? 'Sending...' : 'Send request'}
          </Button>
        </div>
      </form>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {answer && (
        <div className={styles.field} aria-live="polite">
          <p className={styles.status}>
            <strong>Status {answer.status}</strong> · {answer.durationMs} ms{answer.truncated ? ' · cut at 256 KiB' : ''}
          </p>
          <details>
            <summary>Headers</summary>
            <pre className={styles.answer}>{Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`).join('\n')}</pre>
          </details>
          <pre className={styles.answer} aria-label="Response body">
            {shown(answer.body)}
          </pre>
        </div>
      )}
    </section>
  )
}

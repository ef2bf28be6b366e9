import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { PreviewView } from '@contracts/preview'
import { buildApi } from '@/entities/build'
import { progressSubscribed, progressUnsubscribed } from '@/shared/lib/socket'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Button } from '@/shared/ui'
import { previewApi, previewErrorText } from '../api/previewApi'
import { fixRequestOf, previewProblem } from '../model/fixRequest'
import { selectPreview } from '../model/previewSlice'
import { ApiConsole } from './ApiConsole'
import styles from './PreviewBuild.module.scss'

export const PREVIEW_TEXTS = {
  open: 'Preview',
  opening: 'Starting the preview...',
  heading: 'Preview',
  newTab: 'Open in a new tab',
  restart: 'Restart',
  stop: 'Stop preview',
  fix: 'Ask Overseer to fix this',
  console: 'Console',
  starting: 'Starting: npm start in the sandbox...',
} as const

const time = (iso: string): string => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

/** The line under the heading: where the preview is, and until when it runs. */
const statusLine = (preview: PreviewView): string => {
  if (preview.status === 'exited') return preview.ended?.message ?? 'The preview has ended.'
  const until = `Stops at ${time(preview.idleUntil)} unless it gets a request, at ${time(preview.expiresAt)} at the latest.`
  return preview.status === 'starting' ? `${PREVIEW_TEXTS.starting} ${until}` : `Running. ${until}`
}

export interface PreviewBuildProps {
  /** The delivered build's session id. */
  sessionId: string
  /** Sends a follow-up message in the conversation (the fix request). */
  onFix: (request: string) => void
  /** A reply is on its way: no fix request meanwhile. */
  busy: boolean
  /** Start the preview as soon as the build can be previewed (the fix that was asked for was delivered). */
  autoStart?: boolean
  onAutoStarted?: () => void
}

/**
 * Under a delivered web app's or HTTP API's reply: 'Preview' runs it (its own `npm start`, in the
 * sandbox) and shows it here: a web app in a frame on the preview origin, an API with its request
 * console; its console live, Restart, Stop, and when it breaks, 'Ask Overseer to fix this'. A
 * preview that runs is found again after a reload.
 */
export const PreviewBuild = ({ sessionId, onFix, busy, autoStart = false, onAutoStarted }: PreviewBuildProps) => {
  const id = useId()
  const dispatch = useAppDispatch()
  const { data: build } = buildApi.useGetBuildStateQuery(sessionId)
  const previewable = build?.status === 'completed' && (build.kind === 'web-app' || build.kind === 'http-api')
  const found = previewApi.useGetPreviewQuery(sessionId, { skip: !previewable })
  const entry = useAppSelector((state) => selectPreview(state, sessionId))
  const [openPreview, opening] = previewApi.useOpenPreviewMutation()
  const [stopPreview, stopping] = previewApi.useStopPreviewMutation()
  const [problem, setProblem] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  /** The console's box: it follows its last line as lines come, unless its reader scrolled up. */
  const lines = useRef<HTMLDivElement>(null)
  const consoleLength = entry?.preview.console.length ?? 0
  useEffect(() => {
    const box = lines.current
    if (box && box.scrollHeight - box.scrollTop - box.clientHeight < 80) box.scrollTop = box.scrollHeight
  }, [consoleLength])
  /** Preview was pressed: the panel's heading takes the focus once it shows (the button is gone). */
  const focusOnShow = useRef(false)
  const following = entry !== null

  const start = useCallback(
    async (restart: boolean, focus: boolean) => {
      focusOnShow.current = focus
      const result = await openPreview({ sessionId, ...(restart && { restart: true }) })
      setProblem('error' in result ? previewErrorText(result.error) : null)
    },
    [openPreview, sessionId],
  )

  // Found running after a reload, or asked to start at once (the fix its owner asked for from an
  // earlier preview was delivered): opened here, once, with a new link to it.
  const opened = useRef(false)
  const resume = found.data !== undefined && found.data !== null && found.data.status !== 'exited' && !entry?.url
  const launch = autoStart && previewable && !entry
  useEffect(() => {
    // Once per page: a preview stopped here afterwards stays stopped.
    if (opened.current || !(resume || launch)) return
    opened.current = true
    if (launch) onAutoStarted?.()
    void dispatch(previewApi.endpoints.openPreview.initiate({ sessionId }))
  }, [dispatch, launch, onAutoStarted, resume, sessionId])

  useEffect(() => {
    if (!entry || !focusOnShow.current) return
    focusOnShow.current = false
    heading.current?.focus()
  }, [entry])

  // Its status and console come over the build's room while it is shown.
  useEffect(() => {
    if (!following) return undefined
    void dispatch(progressSubscribed({ sessionId }))
    return () => {
      dispatch(progressUnsubscribed({ sessionId }))
    }
  }, [dispatch, following, sessionId])

  if (!previewable) return null
  const preview = entry?.preview
  const url = entry?.url
  const broken = preview ? previewProblem(preview) : undefined

  if (!preview) {
    return (
      <div className={styles.preview}>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void start(false, true)} disabled={opening.isLoading}>
            {opening.isLoading ? PREVIEW_TEXTS.opening : PREVIEW_TEXTS.open}
          </Button>
        </div>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
      </div>
    )
  }

  return (
    <section className={`${styles.preview} ${styles.panel}`} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <h4 id={`${id}-title`} ref={heading} tabIndex={-1} className={styles.heading}>
          {PREVIEW_TEXTS.heading}
        </h4>
        <div className={styles.actions}>
          {url && preview.status !== 'exited' && (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {PREVIEW_TEXTS.newTab}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          <Button variant="secondary" onClick={() => void start(true, false)} disabled={opening.isLoading}>
            {PREVIEW_TEXTS.restart}
          </Button>
          {preview.status !== 'exited' && (
            <Button variant="ghost" onClick={() => void stopPreview(sessionId)} disabled={stopping.isLoading}>
              {PREVIEW_TEXTS.stop}
            </Button>
          )}
        </div>
      </div>
      <p className={styles.status} role="status">
        {statusLine(preview)}
      </p>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {broken && (
        <div className={styles.actions}>
          <p className={styles.error} role="alert">
            {broken}
          </p>
          <Button variant="primary" disabled={busy} onClick={() => onFix(fixRequestOf(preview))}>
            {PREVIEW_TEXTS.fix}
          </Button>
        </div>
      )}
      {preview.status !== 'exited' && url && preview.kind === 'web-app' && (
        <iframe
          className={styles.frame}
          src={url}
          title="The app, running"
          // Its own origin: its scripts, forms and own requests work; it cannot reach the site's.
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-modals"
          referrerPolicy="no-referrer"
        />
      )}
      {preview.status !== 'exited' && preview.kind === 'http-api' && <ApiConsole sessionId={sessionId} routes={preview.routes} />}
      <details className={styles.console} open>
        <summary>
          {PREVIEW_TEXTS.console} ({preview.console.length} {preview.console.length === 1 ? 'line' : 'lines'})
        </summary>
        <div ref={lines} className={styles.lines} role="log" aria-label="Preview console" tabIndex={0}>
          <ol className={styles.lineList}>
            {preview.console.map((line, index) => (
              <li key={`${line.at}-${index}`} className={styles.line} data-stream={line.stream}>
                {line.text}
              </li>
            ))}
          </ol>
        </div>
      </details>
    </section>
  )
}

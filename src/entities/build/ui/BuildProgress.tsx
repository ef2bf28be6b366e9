import { Suspense, useEffect, useId, useState } from 'react'
import { apiErrorMessage } from '@/shared/api'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Button } from '@/shared/ui'
import { buildApi } from '../api/buildApi'
import { buildStopping, selectCurrentBuild, selectSocketConnected, trackerHidden } from '../model/buildSlice'
import { BUILD_STAGES, BUILD_TEXTS, stageStateOf, TRACKER_SETTLE_MS } from '../lib/stages'
import { announcementOf, trackerMessageOf, trackerToneOf } from '../lib/tracker'
import { LazyBuildTimeline } from './lazyTimeline'
import styles from './BuildProgress.module.scss'

const STATE_TEXT = { done: ' (done)', current: ' (current)', pending: '' } as const

/** What a failed stop says when the server gave no reason of its own (a 503 gives one). */
export const STOP_FAILED = 'The build could not be stopped. Try again.'

/**
 * The progress tracker of a build request (spec sections 2, 4 and 8): the bar from 5%
 * ('Connecting...', then 'Initializing...'), the seven stages (done before the stage reported last,
 * current at it), blue while it runs, green at 100% and red on an error or timeout; a finished
 * tracker hides after a moment, and an error's or timeout's message stays, in red. After a
 * reconnect it reads the build's state again, in case events were missed. Stop build ends a
 * running build (grey, 'Build stopped.'). While it runs, its timeline follows each step.
 */
export const BuildProgress = () => {
  const dispatch = useAppDispatch()
  const build = useAppSelector(selectCurrentBuild)
  const connected = useAppSelector(selectSocketConnected)
  const id = useId()

  const sessionId = build?.sessionId
  const resume = build !== null && build.stale && build.status === 'running' && connected
  useEffect(() => {
    if (!resume || !sessionId) return
    const request = dispatch(buildApi.endpoints.getBuildState.initiate(sessionId, { subscribe: false, forceRefetch: true }))
    return () => request.abort()
  }, [dispatch, resume, sessionId])

  const settled = build !== null && build.status !== 'running' && !build.hidden
  useEffect(() => {
    if (!settled || !sessionId) return
    const timer = setTimeout(() => dispatch(trackerHidden({ sessionId })), TRACKER_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [dispatch, settled, sessionId])

  /** Why the last Stop build did not take: shown until the next try, or until the build ends. */
  const [stopFailure, setStopFailure] = useState<{ sessionId: string; message: string } | null>(null)
  const stop = async () => {
    if (!sessionId) return
    setStopFailure(null)
    dispatch(buildStopping({ sessionId, stopping: true }))
    const request = dispatch(buildApi.endpoints.stopBuild.initiate(sessionId))
    const result = await request
    request.reset()
    if (result.data === true) return
    dispatch(buildStopping({ sessionId, stopping: false }))
    if (result.error) {
      const reason = 'status' in result.error && result.error.status === 503 ? apiErrorMessage(result.error) : undefined
      setStopFailure({ sessionId, message: reason ?? STOP_FAILED })
    }
  }
  const stopError = build?.status === 'running' && stopFailure !== null && stopFailure.sessionId === sessionId ? stopFailure.message : null

  const visible = build !== null && !build.hidden && build.status !== 'ended'
  const error = build && (build.status === 'failed' || build.status === 'timedOut') ? build.error : null

  return (
    <div className={styles.root}>
      {visible && (
        <section className={styles.tracker} data-tone={trackerToneOf(build)} aria-labelledby={`${id}-title`}>
          <div className={styles.head}>
            <h2 id={`${id}-title`} className={styles.title}>
              {BUILD_TEXTS.title}
            </h2>
            <span className={styles.percent} aria-hidden="true">
              {build.percentage}%
            </span>
          </div>
          <div
            className={styles.track}
            role="progressbar"
            aria-labelledby={`${id}-title`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={build.percentage}
            aria-valuetext={`${build.percentage}%: ${trackerMessageOf(build, connected)}`}
          >
            <div className={styles.fill} style={{ width: `${build.percentage}%` }} />
          </div>
          <div className={styles.messageRow}>
            <p className={styles.message}>{trackerMessageOf(build, connected)}</p>
            {build.status === 'running' && (
              <Button type="button" variant="secondary" onClick={() => void stop()} disabled={build.stopping === true}>
                {build.stopping ? 'Stopping...' : 'Stop build'}
              </Button>
            )}
          </div>
          {stopError && (
            <p className={styles.stopError} role="alert">
              {stopError}
            </p>
          )}
          <ol className={styles.stages} aria-label="Build stages">
            {BUILD_STAGES.map((stage, index) => {
              const state = stageStateOf(stage.id, build.stage)
              return (
                <li key={stage.id} className={styles.stage} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
                  <span className={styles.marker} aria-hidden="true">
                    {state === 'done' ? '✓' : index + 1}
                  </span>
                  {stage.label}
                  <span className="visually-hidden">{STATE_TEXT[state]}</span>
                </li>
              )
            })}
          </ol>
          {/* Live while it runs; once it ends, the timeline stays under its reply. */}
          {build.status === 'running' && (
            <Suspense fallback={null}>
              <LazyBuildTimeline sessionId={build.sessionId} />
            </Suspense>
          )}
        </section>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcementOf(build)}
      </p>
    </div>
  )
}

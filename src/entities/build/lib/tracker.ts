import type { BuildProgress } from '../model/buildSlice'
import { BUILD_STAGES, BUILD_TEXTS, stageIndex } from './stages'

/** The bar's colour (spec section 4): red on error, green at 100%, blue otherwise; grey once its owner stopped it. */
export type TrackerTone = 'blue' | 'green' | 'red' | 'grey'

export const trackerToneOf = (build: BuildProgress): TrackerTone =>
  build.status === 'failed' || build.status === 'timedOut'
    ? 'red'
    : build.status === 'stopped'
      ? 'grey'
      : build.percentage >= 100
        ? 'green'
        : 'blue'

/** The text under the bar: the latest progress message, else 'Connecting...' or 'Initializing...'. */
export const trackerMessageOf = (build: BuildProgress, connected: boolean): string => {
  if (build.status === 'failed' || build.status === 'timedOut' || build.status === 'stopped') return BUILD_TEXTS.stopped
  if (build.message !== null) return build.message
  if (build.status === 'completed') return BUILD_TEXTS.complete
  return connected ? BUILD_TEXTS.initializing : BUILD_TEXTS.connecting
}

/**
 * What the polite live region says: once when the build starts, once per stage, once when it
 * completes (not every percentage). A failure is said by the alert with the server's message.
 */
export const announcementOf = (build: BuildProgress | null): string => {
  if (!build) return ''
  switch (build.status) {
    case 'running': {
      const position = stageIndex(build.stage)
      const stage = BUILD_STAGES[position]
      return stage ? BUILD_TEXTS.stageOf(position + 1, stage.label) : BUILD_TEXTS.started
    }
    case 'completed':
      return [BUILD_TEXTS.complete, build.message ?? ''].join(' ').trim()
    case 'stopped':
      return BUILD_TEXTS.stopped
    default:
      return ''
  }
}

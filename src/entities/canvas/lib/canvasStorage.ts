import type { CanvasConnection, CanvasNode, SavedCanvas } from '../model/types'
import { parseSavedCanvas } from './savedCanvas'

/** What redux-persist hands the storage to write (with `serialize: false`): the whitelisted fields. */
interface PersistedCanvas {
  saved?: SavedCanvas | null
  savedProblem?: string | null
  nodes?: CanvasNode[]
  connections?: CanvasConnection[]
}

const webStorage = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return typeof window !== 'undefined' && window[kind] ? window[kind] : undefined
  } catch {
    return undefined
  }
}

type Read = { canvas: SavedCanvas | null; problem: string | null }

/** A stored value checked end to end; a corrupt or foreign one is ignored, with the reason. */
const read = (raw: string | null | undefined): Read | null => {
  if (raw === null || raw === undefined) return null
  try {
    const parsed = parseSavedCanvas(JSON.parse(raw))
    return parsed.ok
      ? { canvas: parsed.canvas, problem: null }
      : {
          canvas: null,
          problem: `The saved canvas could not be read and was ignored. ${parsed.error.replace(/^This file is not an Overseer architecture canvas\. ?/, '')}`.trim(),
        }
  } catch {
    return { canvas: null, problem: 'The saved canvas is not valid JSON and was ignored.' }
  }
}

/** What this module last wrote, so that an unchanged part is not written again on every edit. */
let writtenSaved: SavedCanvas | null = null
let writtenWork: { nodes: CanvasNode[]; connections: CanvasConnection[] } | null = null

/**
 * How long the diagram must stay unchanged before its working copy is written. A drag changes it
 * every frame, and writing a large diagram takes longer than a frame: written during the drag,
 * it would make the drag stutter.
 */
export const WORK_SETTLE_MS = 500

let pendingWork: { key: string; nodes: CanvasNode[]; connections: CanvasConnection[] } | null = null
let workTimer: ReturnType<typeof setTimeout> | undefined

/** Writes the working copy that is waiting, now (the diagram settled, or the page goes away). */
const writeWork = (): void => {
  clearTimeout(workTimer)
  const work = pendingWork
  pendingWork = null
  if (!work) return
  try {
    webStorage('sessionStorage')?.setItem(work.key, JSON.stringify({ nodes: work.nodes, connections: work.connections, timestamp: new Date().toISOString() }))
    writtenWork = { nodes: work.nodes, connections: work.connections }
  } catch {
    /* kept in memory only */
  }
}

/**
 * redux-persist storage for the canvas slice. Both values are exactly the spec's
 * `{nodes, connections, timestamp}` (no redux-persist wrapping), under the same key
 * `architecture-canvas`:
 * - in local storage, the saved canvas: written by a save only, kept across visits;
 * - in session storage, the canvas being worked on in this tab, saved or not: written once it has
 *   stayed unchanged for WORK_SETTLE_MS (and when the page goes away), so that a reload finds it
 *   as it was; it ends with the tab.
 * Reading gives the saved canvas, and as the diagram this tab's working copy, else the saved one.
 * Both are checked end to end; a corrupt or foreign saved value is ignored and the reason kept in
 * `savedProblem` (an unreadable working copy is just not used).
 */
export const canvasStorage = {
  getItem: (key: string): Promise<string | null> => {
    const saved = read(webStorage('localStorage')?.getItem(key))
    const work = read(webStorage('sessionStorage')?.getItem(key))?.canvas ?? saved?.canvas ?? null
    if (!saved && !work) return Promise.resolve(null)
    // Read back in redux-persist's own format (each field serialized on its own).
    return Promise.resolve(
      JSON.stringify({
        saved: JSON.stringify(saved?.canvas ?? null),
        savedProblem: JSON.stringify(saved?.problem ?? null),
        ...(work && { nodes: JSON.stringify(work.nodes), connections: JSON.stringify(work.connections) }),
      }),
    )
  },
  setItem: (key: string, value: PersistedCanvas): Promise<void> => {
    const { nodes, connections, saved } = value
    // The working copy is a convenience: a full session storage must not stop the saving below.
    const session = webStorage('sessionStorage')
    const changed = nodes && connections && (writtenWork?.nodes !== nodes || writtenWork.connections !== connections)
    // An empty diagram with nothing saved needs no copy (a reload would open it empty anyway);
    // with a saved canvas it does: everything deleted stays deleted after a reload.
    const worthKeeping =
      nodes && connections && (nodes.length > 0 || connections.length > 0 || Boolean(saved) || (session?.getItem(key) ?? null) !== null)
    if (session && nodes && connections && changed && worthKeeping) {
      pendingWork = { key, nodes, connections }
      clearTimeout(workTimer)
      workTimer = setTimeout(writeWork, WORK_SETTLE_MS)
    }
    // Only a save writes the saved canvas: until then, whatever is stored (even if unreadable) stays.
    const local = webStorage('localStorage')
    if (!local || !saved || saved === writtenSaved) return Promise.resolve()
    try {
      local.setItem(key, JSON.stringify({ nodes: saved.nodes, connections: saved.connections, timestamp: saved.timestamp }))
      writtenSaved = saved
      return Promise.resolve()
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error('The canvas could not be saved'))
    }
  },
  /** Writes a waiting working copy at once. */
  flushWorkingCopy: writeWork,
  removeItem: (key: string): Promise<void> => {
    clearTimeout(workTimer)
    pendingWork = null
    webStorage('localStorage')?.removeItem(key)
    webStorage('sessionStorage')?.removeItem(key)
    writtenSaved = null
    writtenWork = null
    return Promise.resolve()
  },
}

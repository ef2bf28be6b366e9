import type { SavedCanvas } from '../model/types'
import { parseSavedCanvas } from './savedCanvas'

/** What redux-persist hands the storage to write (with `serialize: false`): the whitelisted fields. */
interface PersistedCanvas {
  saved?: SavedCanvas | null
  savedProblem?: string | null
}

const localStore = (): Storage | undefined => {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : undefined
  } catch {
    return undefined
  }
}

/**
 * redux-persist storage for the canvas slice that keeps exactly what the spec names under its key:
 * `{nodes, connections, timestamp}` (no redux-persist wrapping). Reading checks the value end to
 * end; a corrupt or foreign value is ignored and the reason kept in `savedProblem`.
 */
export const canvasStorage = {
  getItem: (key: string): Promise<string | null> => {
    const raw = localStore()?.getItem(key)
    if (raw === null || raw === undefined) return Promise.resolve(null)
    let restored: PersistedCanvas
    try {
      const parsed = parseSavedCanvas(JSON.parse(raw))
      restored = parsed.ok
        ? { saved: parsed.canvas, savedProblem: null }
        : {
            saved: null,
            savedProblem: `The saved canvas could not be read and was ignored. ${parsed.error.replace(/^This file is not an Overseer architecture canvas\. ?/, '')}`.trim(),
          }
    } catch {
      restored = { saved: null, savedProblem: 'The saved canvas is not valid JSON and was ignored.' }
    }
    // Read back in redux-persist's own format (each field serialized on its own).
    return Promise.resolve(JSON.stringify({ saved: JSON.stringify(restored.saved), savedProblem: JSON.stringify(restored.savedProblem) }))
  },
  setItem: (key: string, value: PersistedCanvas): Promise<void> => {
    const store = localStore()
    if (!store) return Promise.resolve()
    // Only a save writes: until then, whatever is stored (even if unreadable) stays as it was.
    if (!value.saved) return Promise.resolve()
    const { nodes, connections, timestamp } = value.saved
    try {
      store.setItem(key, JSON.stringify({ nodes, connections, timestamp }))
      return Promise.resolve()
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error('The canvas could not be saved'))
    }
  },
  removeItem: (key: string): Promise<void> => {
    localStore()?.removeItem(key)
    return Promise.resolve()
  },
}

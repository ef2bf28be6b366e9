/**
 * The request on its way in this tab (a chat reply or a build), kept in session storage so that a
 * page reloaded meanwhile finds it again by its session id (the server answers what it wrote to).
 * Tab-scoped: another tab has its own, and closing the tab forgets it.
 */
export interface InFlight {
  sessionId: string
  kind: 'chat' | 'build'
}

export const IN_FLIGHT_KEY = 'overseer_in_flight'

const storage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}

export const saveInFlight = (request: InFlight): void => {
  try {
    storage()?.setItem(IN_FLIGHT_KEY, JSON.stringify(request))
  } catch {
    // Storage full or blocked: a reload then starts afresh, as before.
  }
}

export const readInFlight = (): InFlight | undefined => {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(IN_FLIGHT_KEY) ?? 'null')
    if (typeof value !== 'object' || value === null || !('sessionId' in value) || !('kind' in value)) return undefined
    const { sessionId, kind } = value
    return typeof sessionId === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(sessionId) && (kind === 'chat' || kind === 'build') ? { sessionId, kind } : undefined
  } catch {
    return undefined
  }
}

/** Forgets the request of `sessionId` (a newer one that replaced it stays). */
export const clearInFlight = (sessionId: string): void => {
  if (readInFlight()?.sessionId !== sessionId) return
  try {
    storage()?.removeItem(IN_FLIGHT_KEY)
  } catch {
    // Blocked: nothing was kept either.
  }
}

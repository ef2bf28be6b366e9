/**
 * The request on its way in this tab (a chat reply or a build), kept in session storage so that a
 * page reloaded meanwhile finds it again by its session id (the server answers what it wrote to).
 * Tab-scoped: another tab has its own, and closing the tab forgets it. Storage that is blocked or
 * full keeps nothing: a reload then starts afresh, as before.
 */
export interface InFlight {
  sessionId: string
  kind: 'chat' | 'build'
}

export const IN_FLIGHT_KEY = 'overseer_in_flight'

export const saveInFlight = (request: InFlight): void => {
  try {
    sessionStorage.setItem(IN_FLIGHT_KEY, JSON.stringify(request))
  } catch {
    // Not kept.
  }
}

export const readInFlight = (): InFlight | undefined => {
  try {
    const { sessionId, kind } = (JSON.parse(sessionStorage.getItem(IN_FLIGHT_KEY) ?? '{}') ?? {}) as Partial<Record<string, unknown>>
    return typeof sessionId === 'string' && /^[\w-]{1,100}$/.test(sessionId) && (kind === 'chat' || kind === 'build') ? { sessionId, kind } : undefined
  } catch {
    return undefined
  }
}

/** Forgets the request of `sessionId` (a newer one that replaced it stays). */
export const clearInFlight = (sessionId: string): void => {
  try {
    if (readInFlight()?.sessionId === sessionId) sessionStorage.removeItem(IN_FLIGHT_KEY)
  } catch {
    // Nothing was kept either.
  }
}

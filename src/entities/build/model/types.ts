/** The server's record of a build (GET /api/overseer/builds/:sessionId), already checked. */
export interface BuildSnapshot {
  sessionId: string
  status: 'running' | 'completed' | 'error'
  /** The latest stage reported (a stage id; an unknown one is kept out of the tracker). */
  stage: string
  percentage: number
  message: string
  /** Why it failed (status error). */
  error?: string
  /** The archive, once completed. */
  zipUrl?: string
}

/** A command sent from the Overseer page (POST /api/architect/commands), as the server recorded it. */
export interface ArchitectCommand {
  id: number | string
  command: string
  /** ISO 8601. */
  createdAt: string
  /** Who sent it (the staff member's e-mail). */
  author: string
}

/** A running build, as Active Tasks lists it (GET /api/architect/tasks). */
export interface ActiveTask {
  sessionId: string
  title: string
  /** A stage id of the pipeline. */
  stage: string
  percentage: number
  message: string
  startedAt: string
  waitingForApproval: boolean
  /** The approval gate it waits at (planning, development, deployment), if any. */
  gate: string | null
}

/** Spec section 3: one pipeline iteration's total (GET /api/overseer/token-usage-history). */
export interface TokenUsageItem {
  iteration: number
  totalTokens: number
}

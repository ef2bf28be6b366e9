/** A command sent from the Overseer page (POST /api/architect/commands), as the server recorded it. */
export type { ArchitectCommand } from '@contracts/commands'

/** A running build, as Active Tasks lists it (GET /api/architect/tasks). */
export type { ActiveTask } from '@contracts/tasks'

/** Spec section 3: one pipeline iteration's total (GET /api/overseer/token-usage-history). */
export interface TokenUsageItem {
  iteration: number
  totalTokens: number
}

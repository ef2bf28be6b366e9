/** Sample figures for the data-visualization demo: one team's pipeline over eight weeks. */

export interface WeeklyRuns {
  week: string
  completed: number
}

const COMPLETED_PER_WEEK: [string, number][] = [
  ['Mar 17', 18], ['Mar 24', 22], ['Mar 31', 19], ['Apr 7', 27], ['Apr 14', 31], ['Apr 21', 29], ['Apr 28', 36], ['May 5', 41],
]

/** Builds that reached delivery, per week (weeks starting on the date shown). */
export const WEEKLY_RUNS: WeeklyRuns[] = COMPLETED_PER_WEEK.map(([week, completed]) => ({ week, completed }))

export interface TokenUsagePoint {
  iteration: number
  totalTokens: number
}

const ITERATION_TOKENS = [48200, 41350, 33900, 27400, 21800, 17600, 14900, 13200]

/** Tokens used by each DevLoop iteration of one build, as the token-usage history reports them. */
export const TOKEN_USAGE: TokenUsagePoint[] = ITERATION_TOKENS.map((totalTokens, index) => ({ iteration: index + 1, totalTokens }))

export interface StageTokens {
  stage: string
  tokens: number
}

const TOKENS_PER_STAGE: [string, number][] = [
  ['Classification', 3100], ['Clarification', 14800], ['Market analysis', 11200], ['Structuring', 12600],
  ['Development', 89400], ['Assembly', 19300], ['Delivery', 9600],
]

/** Where the tokens of a typical build go, by pipeline stage. */
export const STAGE_TOKENS: StageTokens[] = TOKENS_PER_STAGE.map(([stage, tokens]) => ({ stage, tokens }))

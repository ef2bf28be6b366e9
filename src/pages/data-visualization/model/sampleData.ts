/** Sample figures for the data-visualization demo: one team's pipeline over eight weeks. */

export interface WeeklyRuns {
  week: string
  completed: number
}

/** Builds that reached delivery, per week (weeks starting on the date shown). */
export const WEEKLY_RUNS: WeeklyRuns[] = [
  { week: 'Mar 17', completed: 18 },
  { week: 'Mar 24', completed: 22 },
  { week: 'Mar 31', completed: 19 },
  { week: 'Apr 7', completed: 27 },
  { week: 'Apr 14', completed: 31 },
  { week: 'Apr 21', completed: 29 },
  { week: 'Apr 28', completed: 36 },
  { week: 'May 5', completed: 41 },
]

export interface TokenUsagePoint {
  iteration: number
  totalTokens: number
}

/** Tokens used by each DevLoop iteration of one build, as the token-usage history reports them. */
export const TOKEN_USAGE: TokenUsagePoint[] = [
  { iteration: 1, totalTokens: 48200 },
  { iteration: 2, totalTokens: 41350 },
  { iteration: 3, totalTokens: 33900 },
  { iteration: 4, totalTokens: 27400 },
  { iteration: 5, totalTokens: 21800 },
  { iteration: 6, totalTokens: 17600 },
  { iteration: 7, totalTokens: 14900 },
  { iteration: 8, totalTokens: 13200 },
]

export interface StageTokens {
  stage: string
  tokens: number
}

/** Where the tokens of a typical build go, by pipeline stage. */
export const STAGE_TOKENS: StageTokens[] = [
  { stage: 'Classification', tokens: 3100 },
  { stage: 'Clarification', tokens: 14800 },
  { stage: 'Market analysis', tokens: 11200 },
  { stage: 'Structuring', tokens: 12600 },
  { stage: 'Development', tokens: 89400 },
  { stage: 'Assembly', tokens: 19300 },
  { stage: 'Delivery', tokens: 9600 },
]

/** A sentiment (0 to 1) as a whole percentage: 0.874 → '87%'. */
export const formatSentiment = (sentiment: number): string => `${Math.round(sentiment * 100)}%`

export type ChangeDirection = 'up' | 'down' | 'none'

/** A signed fractional change as a direction and a whole percentage: -0.05 → down, '5%'. */
export const describeChange = (change: number): { direction: ChangeDirection; amount: string } => {
  const points = Math.round(Math.abs(change) * 100)
  return { direction: points === 0 ? 'none' : change > 0 ? 'up' : 'down', amount: `${points}%` }
}

/** The sentiment of all reviews together: each category weighted by its number of reviews. */
export const overallSentiment = (stats: readonly { count: number; sentiment: number }[]): number => {
  const total = stats.reduce((sum, stat) => sum + stat.count, 0)
  return total === 0 ? 0 : stats.reduce((sum, stat) => sum + stat.count * stat.sentiment, 0) / total
}

import { tokenChartSummary } from './chartConfig'

describe('tokenChartSummary', () => {
  it('describes a single iteration without a range', () => {
    expect(tokenChartSummary([{ iteration: 1, totalTokens: 1234 }])).toBe(
      'Line chart of total tokens over 1 pipeline iteration: 1,234 at iteration 1; highest 1,234 at iteration 1.',
    )
  })

  it('names the first, the last and the highest iteration', () => {
    expect(
      tokenChartSummary([
        { iteration: 4, totalTokens: 900 },
        { iteration: 5, totalTokens: 12000 },
        { iteration: 6, totalTokens: 3000 },
      ]),
    ).toBe('Line chart of total tokens over 3 pipeline iterations: 900 at iteration 4, 3,000 at iteration 6; highest 12,000 at iteration 5.')
  })
})

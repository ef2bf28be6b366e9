import { describeChange, formatSentiment, overallSentiment } from './format'

describe('sentiment formatting', () => {
  it('shows sentiment as a whole percentage', () => {
    expect(formatSentiment(0.82)).toBe('82%')
    expect(formatSentiment(0.874)).toBe('87%')
    expect(formatSentiment(0.875)).toBe('88%')
    expect(formatSentiment(1)).toBe('100%')
  })

  it('describes a change by its direction and size', () => {
    expect(describeChange(0.04)).toEqual({ direction: 'up', amount: '4%' })
    expect(describeChange(-0.02)).toEqual({ direction: 'down', amount: '2%' })
    expect(describeChange(0)).toEqual({ direction: 'none', amount: '0%' })
    expect(describeChange(0.001)).toEqual({ direction: 'none', amount: '0%' })
  })

  it('weights the overall sentiment by the number of reviews', () => {
    expect(overallSentiment([{ count: 3, sentiment: 1 }, { count: 1, sentiment: 0 }])).toBe(0.75)
    expect(overallSentiment([])).toBe(0)
  })
})

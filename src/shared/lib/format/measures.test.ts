import { formatDuration, formatTokens, formatUsd } from './measures'

describe('measures', () => {
  it.each([
    [0, '0 ms'],
    [340.4, '340 ms'],
    [4_240, '4.2 s'],
    [185_000, '3 min 05 s'],
    [3_720_000, '1 h 02 min'],
    [-1, '–'],
  ])('reads %d ms as %s', (ms, text) => expect(formatDuration(ms)).toBe(text))

  it('counts tokens with separators and the right noun', () => {
    expect(formatTokens(1)).toBe('1 token')
    expect(formatTokens(12_345)).toBe('12,345 tokens')
  })

  it('shows dollars to a hundredth of a cent below a dollar', () => {
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(0.00421)).toBe('$0.0042')
    expect(formatUsd(12.5)).toBe('$12.50')
  })
})

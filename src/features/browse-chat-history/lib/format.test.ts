import { plainTextOf, previewOf } from './format'

describe('previewOf', () => {
  it('shows a reply as the reader sees it, without Markdown syntax', () => {
    expect(plainTextOf('From the docs page **Architecture**, section *Scaling out*:\n\nSet `REDIS_URL`.')).toBe(
      'From the docs page Architecture, section Scaling out: Set REDIS_URL.',
    )
    expect(plainTextOf('## Steps\n\n1. Open [Rate Limits](/docs/api-reference/rate-limits)\n- keep snake_case_names\n> quoted')).toBe(
      'Steps Open Rate Limits keep snake_case_names quoted',
    )
    expect(plainTextOf('```ts\nconst a = 2 * 3 * 4\n```')).toBe('const a = 2 * 3 * 4')
  })

  it('keeps the first 100 characters and adds an ellipsis; nothing for an empty reply', () => {
    const long = `**${'a'.repeat(150)}**`
    expect(previewOf(long)).toBe(`${'a'.repeat(100)}...`)
    expect(previewOf('Short')).toBe('Short...')
    expect(previewOf('')).toBe('')
  })
})

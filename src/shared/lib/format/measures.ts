const COUNT = new Intl.NumberFormat('en-US')
const SECONDS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** A length of time as people read it: '340 ms', '4.2 s', '3 min 05 s', '1 h 02 min'. */
export const formatDuration = (ms: number): string => {
  if (!Number.isFinite(ms) || ms < 0) return '–'
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${SECONDS.format(ms / 1000)} s`
  const seconds = Math.round(ms / 1000)
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}

/** '1,234 tokens', '1 token'. */
export const formatTokens = (tokens: number): string => `${COUNT.format(tokens)} ${tokens === 1 ? 'token' : 'tokens'}`

/** A count with thousands separators. */
export const formatCount = (count: number): string => COUNT.format(count)

/** US dollars, to a hundredth of a cent below a dollar: '$0.0042', '$1.25'. */
export const formatUsd = (usd: number): string =>
  usd === 0 ? '$0.00' : usd < 1 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`

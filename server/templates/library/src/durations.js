'use strict'

/** Milliseconds in each unit, and the words that name it. */
const UNITS = [
  { ms: 7 * 24 * 60 * 60 * 1000, short: 'w', names: ['w', 'wk', 'wks', 'week', 'weeks'] },
  { ms: 24 * 60 * 60 * 1000, short: 'd', names: ['d', 'day', 'days'] },
  { ms: 60 * 60 * 1000, short: 'h', names: ['h', 'hr', 'hrs', 'hour', 'hours'] },
  { ms: 60 * 1000, short: 'm', names: ['m', 'min', 'mins', 'minute', 'minutes'] },
  { ms: 1000, short: 's', names: ['s', 'sec', 'secs', 'second', 'seconds'] },
  { ms: 1, short: 'ms', names: ['ms', 'msec', 'millisecond', 'milliseconds'] },
]

/**
 * The milliseconds of a duration as people write it: '1h 30m', '2 days', '1.5h', '90s',
 * '1:30:00' (hours, minutes, seconds) or '45:10' (minutes, seconds).
 * @param {string} text
 * @returns {number}
 */
function parseDuration(text) {
  if (typeof text !== 'string') throw new TypeError('text must be a string')
  const input = text.trim().toLowerCase()
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(input)
  if (clock) return ((Number(clock[1] ?? 0) * 60 + Number(clock[2])) * 60 + Number(clock[3])) * 1000
  const parts = [...input.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/g)]
  const rest = input.replace(/(\d+(?:\.\d+)?)\s*([a-z]+)/g, '').replace(/[\s,]+|\band\b/g, '')
  if (parts.length === 0 || rest !== '') throw new SyntaxError('Not a duration: ' + JSON.stringify(text))
  let total = 0
  for (const [, amount, name] of parts) {
    const unit = UNITS.find((candidate) => candidate.names.includes(/** @type {string} */ (name)))
    if (!unit) throw new SyntaxError('Unknown unit "' + name + '" in ' + JSON.stringify(text))
    total += Number(amount) * unit.ms
  }
  return Math.round(total)
}

/**
 * A duration in milliseconds as people read it: 5_400_000 → '1h 30m'; at most `parts` units
 * (default 2), the smallest rounded.
 * @param {number} ms
 * @param {{ parts?: number }} [options]
 * @returns {string}
 */
function formatDuration(ms, { parts = 2 } = {}) {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new RangeError('ms must be a finite number, 0 or more')
  if (ms < 1000) return Math.round(ms) + 'ms'
  const units = UNITS.filter((unit) => unit.ms >= 1000)
  const out = []
  let rest = Math.round(ms / 1000) * 1000
  for (const unit of units) {
    if (out.length === parts) break
    /** @type {number} */
    const count = out.length === parts - 1 ? Math.round(rest / unit.ms) : Math.floor(rest / unit.ms)
    if (count > 0) {
      out.push(count + unit.short)
      rest -= count * unit.ms
    } else if (out.length > 0) break
  }
  return out.join(' ') || '0s'
}

module.exports = { parseDuration, formatDuration }

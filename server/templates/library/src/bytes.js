'use strict'

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB']

/**
 * A size in bytes as people read it: 1536 → '1.5 KB' (1 KB is 1024 bytes), with at most
 * `decimals` decimals (default 1), trailing zeros dropped.
 * @param {number} bytes
 * @param {{ decimals?: number }} [options]
 * @returns {string}
 */
function formatBytes(bytes, { decimals = 1 } = {}) {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) throw new RangeError('bytes must be a finite number, 0 or more')
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return Number(value.toFixed(unit === 0 ? 0 : decimals)) + ' ' + UNITS[unit]
}

/**
 * The bytes of a size as people write it: '1.5 KB', '2MB', '10 bytes'.
 * @param {string} text
 * @returns {number}
 */
function parseBytes(text) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|bytes?|kb|mb|gb|tb|pb)?\s*$/i.exec(String(text))
  if (!match) throw new SyntaxError('Not a size: ' + JSON.stringify(text))
  const unit = (match[2] ?? 'b').toUpperCase().replace(/^BYTES?$/, 'B')
  return Math.round(Number(match[1]) * 1024 ** UNITS.indexOf(unit))
}

module.exports = { formatBytes, parseBytes }

'use strict'

/**
 * `amount` as a price for people to read: '$1,234.50', '1.234,50 €'.
 * @param {number} amount
 * @param {{ currency?: string, locale?: string }} [options] an ISO 4217 currency (default USD) and a locale (default en-US)
 * @returns {string}
 */
function formatPrice(amount, { currency = 'USD', locale = 'en-US' } = {}) {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new TypeError('amount must be a finite number')
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError('currency must be a three-letter ISO 4217 code, such as USD or EUR')
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount)
}

/**
 * The amount of a price as people write it: '$1,234.50' → 1234.5, '1.234,50 €' → 1234.5 (the
 * last '.' or ',' followed by one or two digits is the decimal separator).
 * @param {string} text
 * @returns {number}
 */
function parsePrice(text) {
  if (typeof text !== 'string') throw new TypeError('text must be a string')
  const negative = /^\s*-|\(.*\)|-\s*$/.test(text)
  const digits = text.replace(/[^\d.,]/g, '')
  if (!/\d/.test(digits)) throw new SyntaxError('No amount in "' + text + '"')
  const decimal = /[.,](\d{1,2})$/.exec(digits)
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/[.,]/g, '')
  const value = Number(whole + (decimal ? '.' + decimal[1] : ''))
  return negative ? -value : value
}

/**
 * The sum of prices without floating-point drift (0.1 + 0.2 is 0.3), to the cent.
 * @param {Iterable<number>} amounts
 * @returns {number}
 */
function sumPrices(amounts) {
  let cents = 0
  for (const amount of amounts) {
    if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new TypeError('each amount must be a finite number')
    cents += Math.round(amount * 100)
  }
  return cents / 100
}

module.exports = { formatPrice, parsePrice, sumPrices }

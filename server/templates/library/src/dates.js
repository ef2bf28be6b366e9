'use strict'

const DAY = 24 * 60 * 60 * 1000
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

// Every function works in UTC, so a date is the same day wherever the code runs.

/**
 * A date from ISO 8601 text ('2024-05-01', '2024-05-01T10:30:00Z') or 'YYYY/MM/DD', of a day
 * that exists (a date alone is midnight UTC).
 * @param {string} text
 * @returns {Date}
 */
function parseDate(text) {
  if (typeof text !== 'string') throw new TypeError('text must be a string')
  const match = /^(\d{4})[-/](\d{2})[-/](\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(text.trim())
  if (!match) throw new SyntaxError('Not a date (YYYY-MM-DD): ' + JSON.stringify(text))
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC rolls 2023-02-29 over to March: the day must read back as itself.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw new RangeError('No such day: ' + text)
  if (!match[4]) return date
  const withTime = new Date(text.trim().replace(/\//g, '-') + (match[7] ? '' : 'Z'))
  if (Number.isNaN(withTime.getTime())) throw new SyntaxError('Not a time: ' + JSON.stringify(text))
  return withTime
}

/**
 * @param {Date} date
 * @returns {Date}
 */
function checked(date) {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new TypeError('date must be a valid Date')
  return date
}

/**
 * A date written with a pattern: YYYY, MM, M, DD, D, MMMM (January), MMM (Jan), dddd (Monday),
 * ddd (Mon); anything else is kept as it is. Default: 'YYYY-MM-DD'.
 * @param {Date} date
 * @param {string} [pattern]
 * @returns {string}
 */
function formatDate(date, pattern = 'YYYY-MM-DD') {
  const d = checked(date)
  const month = d.getUTCMonth()
  /** @type {Record<string, string>} */
  const parts = {
    YYYY: String(d.getUTCFullYear()).padStart(4, '0'),
    MMMM: MONTHS[month] ?? '',
    MMM: (MONTHS[month] ?? '').slice(0, 3),
    MM: String(month + 1).padStart(2, '0'),
    M: String(month + 1),
    dddd: WEEKDAYS[d.getUTCDay()] ?? '',
    ddd: (WEEKDAYS[d.getUTCDay()] ?? '').slice(0, 3),
    DD: String(d.getUTCDate()).padStart(2, '0'),
    D: String(d.getUTCDate()),
  }
  return pattern.replace(/YYYY|MMMM|MMM|MM|M|dddd|ddd|DD|D/g, (token) => parts[token] ?? token)
}

/**
 * `date` moved by a whole number of days (negative: back).
 * @param {Date} date
 * @param {number} days
 * @returns {Date}
 */
function addDays(date, days) {
  if (!Number.isInteger(days)) throw new RangeError('days must be a whole number')
  return new Date(checked(date).getTime() + days * DAY)
}

/**
 * The whole days from one date's day to another's (negative when `to` is earlier).
 * @param {Date} from
 * @param {Date} to
 * @returns {number}
 */
function daysBetween(from, to) {
  const day = (/** @type {Date} */ date) => Math.floor(checked(date).getTime() / DAY)
  return day(to) - day(from)
}

/**
 * Whether the date falls on a Saturday or a Sunday.
 * @param {Date} date
 * @returns {boolean}
 */
function isWeekend(date) {
  const weekday = checked(date).getUTCDay()
  return weekday === 0 || weekday === 6
}

module.exports = { parseDate, formatDate, addDays, daysBetween, isWeekend }

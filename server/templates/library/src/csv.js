'use strict'

/**
 * @typedef {object} CsvOptions
 * @property {string} [delimiter] between fields (default ',')
 */

/**
 * The rows of a CSV text (RFC 4180): fields split by the delimiter, "quoted" fields holding
 * delimiters, quotes ("") and line breaks, \n or \r\n between rows, a byte-order mark and a
 * last line break ignored.
 * @param {string} text
 * @param {CsvOptions} [options]
 * @returns {string[][]}
 */
function parseCsv(text, { delimiter = ',' } = {}) {
  if (typeof text !== 'string') throw new TypeError('text must be a string')
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') throw new RangeError('delimiter must be one character, not a quote or a line break')
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text
  /** @type {string[][]} */
  const rows = []
  /** @type {string[]} */
  let row = []
  let field = ''
  let quoted = false
  let line = 1
  let quoteLine = 0
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i]
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (char === '"') quoted = false
      else {
        if (char === '\n') line += 1
        field += char
      }
    } else if (char === '"' && field === '') {
      quoted = true
      quoteLine = line
    } else if (char === delimiter) {
      row.push(field)
      field = ''
    } else if (char === '\n' || (char === '\r' && input[i + 1] === '\n')) {
      if (char === '\r') i += 1
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      line += 1
    } else field += char
  }
  if (quoted) throw new SyntaxError('Unclosed quoted field starting on line ' + quoteLine)
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/**
 * The rows of a CSV text as objects keyed by its first row (the header); a column without a
 * name is named by its position ('column3'), a row shorter than the header gets '' for the rest.
 * @param {string} text
 * @param {CsvOptions} [options]
 * @returns {Record<string, string>[]}
 */
function csvToObjects(text, options = {}) {
  const [header = [], ...rows] = parseCsv(text, options)
  const keys = header.map((name, index) => name.trim() || 'column' + (index + 1))
  return rows
    .filter((row) => row.length > 1 || row[0] !== '')
    .map((row) => Object.fromEntries(keys.map((key, index) => [key, row[index] ?? ''])))
}

/**
 * One CSV field: quoted when it holds the delimiter, a quote or a line break (or begins or ends
 * with a space); null and undefined are empty, objects are written as JSON.
 * @param {unknown} value
 * @param {string} delimiter
 * @returns {string}
 */
function csvField(value, delimiter) {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return text.includes(delimiter) || /["\r\n]|^\s|\s$/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text
}

/**
 * Rows as CSV text, one line (\n) per row.
 * @param {readonly (readonly unknown[])[]} rows
 * @param {CsvOptions} [options]
 * @returns {string}
 */
function stringifyCsv(rows, { delimiter = ',' } = {}) {
  return rows.map((row) => row.map((value) => csvField(value, delimiter)).join(delimiter)).join('\n') + (rows.length > 0 ? '\n' : '')
}

/**
 * Objects as CSV text: a header of every key, in the order they first appear, then a row each.
 * @param {readonly Record<string, unknown>[]} objects
 * @param {CsvOptions} [options]
 * @returns {string}
 */
function objectsToCsv(objects, options = {}) {
  if (!Array.isArray(objects) || objects.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))) {
    throw new TypeError('objects must be an array of objects')
  }
  if (objects.length === 0) return ''
  /** @type {string[]} */
  const keys = []
  for (const item of objects) for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key)
  return stringifyCsv([keys, ...objects.map((item) => keys.map((key) => item[key]))], options)
}

module.exports = { parseCsv, csvToObjects, stringifyCsv, objectsToCsv }

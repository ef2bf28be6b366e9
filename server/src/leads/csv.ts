/** A CSV cell: text, a number, or nothing. */
export type CsvCell = string | number | null | undefined

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return,
 * let one hide behind them). Text starting with one gets a leading apostrophe, which spreadsheets
 * show as text (OWASP: CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

/** One cell, neutralised against formula injection and quoted per RFC 4180 when needed. */
export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A CSV document: a header line, then one line per row, CRLF line ends (RFC 4180). It starts
 * with a byte-order mark so that spreadsheet programs read it as UTF-8.
 */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`

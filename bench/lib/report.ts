/** Console formatting and the list of budget checks that ends up in the JSON summary. */

export const KIB = 1024

export const kib = (bytes: number, digits = 1): string => `${(bytes / KIB).toFixed(digits)} KiB`

export const ms = (value: number, digits = 1): string => `${value.toFixed(digits)} ms`

export const heading = (title: string): void => {
  console.log('')
  console.log(title)
  console.log('='.repeat(title.length))
}

export const subheading = (title: string): void => {
  console.log('')
  console.log(title)
  console.log('-'.repeat(title.length))
}

export type Cell = string | number

/**
 * A plain-text table. Numbers are right-aligned, text left-aligned; `rightAlign` forces columns
 * (by index) to the right.
 */
export const table = (headers: string[], rows: Cell[][], rightAlign: number[] = []): string => {
  const text = rows.map((row) => row.map((cell) => String(cell)))
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...text.map((row) => (row[column] ?? '').length)),
  )
  const right = (column: number): boolean =>
    rightAlign.includes(column) || rows.every((row) => typeof row[column] === 'number')
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? cell.length
        return right(column) ? cell.padStart(width) : cell.padEnd(width)
      })
      .join('  ')
      .trimEnd()
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...text.map(line)].join('\n')
}

export interface BudgetCheck {
  section: string
  name: string
  /** The measured value as printed. */
  actual: string
  /** The budget as printed, e.g. '<= 130 KiB'. */
  budget: string
  pass: boolean
}

/** Collects PASS/FAIL lines; the bench reports them, it never fails on them. */
export class Budgets {
  readonly checks: BudgetCheck[] = []

  check(section: string, name: string, pass: boolean, actual: string, budget: string): BudgetCheck {
    const entry: BudgetCheck = { section, name, actual, budget, pass }
    this.checks.push(entry)
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${actual} (budget ${budget})`)
    return entry
  }

  get failed(): BudgetCheck[] {
    return this.checks.filter((entry) => !entry.pass)
  }
}

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const upper = sorted[middle] ?? Number.NaN
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error)

/** Nearest-rank percentile (p in 0..100) of the values; NaN when there are none. */
export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN
}

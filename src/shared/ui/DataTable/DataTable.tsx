import type { ReactNode } from 'react'
import styles from './DataTable.module.scss'

/** One column: its header and what a row shows in it. */
export interface DataTableColumn<Row> {
  header: string
  cell: (row: Row) => ReactNode
  /** The cells' class (a long text that wraps, a time that does not). */
  className?: string
}

interface DataTableProps<Row> {
  /** Names the scrollable region ('Log entries table'). */
  label: string
  /** The table's caption, for screen readers ('Agent log entries, newest first'). */
  caption: string
  columns: readonly DataTableColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
}

/**
 * A staff table: full width, a header row in small capitals, rows split by a rule. Where its box
 * is narrow (a phone) each row is a card instead, every value under its column's name (the cell's
 * `data-label`), so nothing has to be scrolled to. Its wrapper still scrolls sideways should a
 * table be wider than its box, and takes the focus, so the keyboard can scroll it too.
 */
export const DataTable = <Row,>({ label, caption, columns, rows, rowKey }: DataTableProps<Row>) => (
  <div className={styles.wrap} tabIndex={0} role="region" aria-label={label}>
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.header} className={column.className} data-label={column.header}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
)

import type { StoredItem } from '../model/types'
import styles from './StorageTable.module.scss'

interface StorageTableProps {
  caption: string
  items: readonly StoredItem[]
}

const COLUMNS = ['Name', 'Purpose', 'Type', 'Lifetime'] as const

/**
 * The cookies and storage entries, one row each. On narrow screens each row becomes a card with
 * the column names as labels; the explicit roles keep it a table for assistive technology, which
 * some browsers stop seeing once CSS changes how a table displays.
 */
export const StorageTable = ({ caption, items }: StorageTableProps) => (
  <div className={styles.wrapper}>
    <table className={styles.table} role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((column) => (
            <th key={column} scope="col" role="columnheader">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {items.map((item) => (
          <tr key={item.name} role="row">
            <th scope="row" role="rowheader">
              <code>{item.name}</code>
              {item.secureName && (
                <span className={styles.alias}>
                  <code>{item.secureName}</code> over HTTPS
                </span>
              )}
            </th>
            <td role="cell" data-label={COLUMNS[1]}>
              {item.purpose}
            </td>
            <td role="cell" data-label={COLUMNS[2]}>
              {item.type}
            </td>
            <td role="cell" data-label={COLUMNS[3]}>
              {item.lifetime}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
)

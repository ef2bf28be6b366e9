export { DataTable } from './DataTable'
export type { DataTableColumn } from './DataTable'

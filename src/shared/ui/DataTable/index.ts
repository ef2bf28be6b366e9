export { DataTable } from './DataTable'

export { ArchitectLogsPage } from './ui/ArchitectLogsPage'

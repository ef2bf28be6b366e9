export { ArchitectDashboardPage } from './ui/ArchitectDashboardPage'

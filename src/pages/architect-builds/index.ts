export { ArchitectBuildsPage } from './ui/ArchitectBuildsPage'

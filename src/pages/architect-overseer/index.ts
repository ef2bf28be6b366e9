export { ArchitectOverseerPage } from './ui/ArchitectOverseerPage'

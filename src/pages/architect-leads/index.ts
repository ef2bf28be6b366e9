export { ArchitectLeadsPage } from './ui/ArchitectLeadsPage'

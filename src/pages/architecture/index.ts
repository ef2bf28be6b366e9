export { ArchitecturePage } from './ui/ArchitecturePage'

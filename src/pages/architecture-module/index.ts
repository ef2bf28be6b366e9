export { ArchitectureModulePage } from './ui/ArchitectureModulePage'

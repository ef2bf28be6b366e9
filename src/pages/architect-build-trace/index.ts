export { ArchitectBuildTracePage } from './ui/ArchitectBuildTracePage'

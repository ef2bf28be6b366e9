export { ArchitectureModulePage } from './ui/ArchitectureModulePage'
export { architectureModulePaths } from './model/moduleDetails'

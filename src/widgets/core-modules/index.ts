export { CoreModules } from './ui/CoreModules'

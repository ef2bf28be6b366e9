export { AppModulePage } from './ui/AppModulePage'

export { AppModulePage } from './ui/AppModulePage'
export { appModulePaths } from './model/details'

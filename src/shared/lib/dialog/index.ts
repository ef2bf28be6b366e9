export { dialogKeys } from './focusTrap'

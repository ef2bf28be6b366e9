export { useDebounced } from './useDebounced'
export { useAutoGrow } from './useAutoGrow'
export { dialogKeys } from './dialogKeys'

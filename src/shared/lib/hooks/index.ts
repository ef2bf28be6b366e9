export { useDebounced } from './useDebounced'
export { useAutoGrow } from './useAutoGrow'

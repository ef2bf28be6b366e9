export { useDebounced } from './useDebounced'

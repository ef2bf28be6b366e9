export { useAutoGrow } from './useAutoGrow'

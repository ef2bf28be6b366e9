export { usePageMeta, formatTitle } from './usePageMeta'
export type { PageMeta } from './usePageMeta'

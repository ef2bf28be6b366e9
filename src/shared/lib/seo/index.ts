export { usePageMeta, formatTitle } from './usePageMeta'
export { useNoIndex } from './useNoIndex'
export type { PageMeta } from './usePageMeta'

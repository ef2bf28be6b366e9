export { internalTarget } from './internalLink'
export { useInternalLinks } from './useInternalLinks'

export { usePrefersReducedMotion, prefersReducedMotion } from './usePrefersReducedMotion'
export { useSkeletonDelay } from './useSkeletonDelay'

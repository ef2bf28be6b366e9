export { usePrefersReducedMotion, prefersReducedMotion } from './usePrefersReducedMotion'

/** Reviews Compass's copy, compiled at build time by scripts/markdown (a name of its own: not the app-area template's). */
declare module '@content/apps/reviews-compass.md' {
  import type { ReviewsCompassCopy } from '@/pages/reviews-compass/model/types'

  const copy: ReviewsCompassCopy
  export default copy
}

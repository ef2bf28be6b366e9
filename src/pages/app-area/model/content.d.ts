/** The app areas' copy (content/apps/<id>.md), compiled at build time by scripts/markdown. */
declare module '@content/apps/*' {
  import type { AppAreaFile } from '@/pages/app-area/model/types'

  const area: AppAreaFile
  export default area
}

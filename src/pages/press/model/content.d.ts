/** The press page and its releases (content/press/), compiled at build time by scripts/markdown. */
declare module '@content/press/index.md' {
  import type { PressContent } from '@/pages/press/model/types'

  const press: PressContent
  export default press
}

declare module '@content/press/releases/*' {
  import type { PressReleaseFile } from '@/pages/press/model/types'

  const release: PressReleaseFile
  export default release
}

/** The careers page and its open roles (content/careers/), compiled at build time by scripts/markdown. */
declare module '@content/careers/index.md' {
  import type { CareersContent } from '@/pages/careers/model/types'

  const careers: CareersContent
  export default careers
}

declare module '@content/careers/jobs/*' {
  import type { JobFile } from '@/pages/careers/model/types'

  const job: JobFile
  export default job
}

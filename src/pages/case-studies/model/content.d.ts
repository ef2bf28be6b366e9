/** The case studies page and its studies (content/case-studies/), compiled at build time by scripts/markdown. */
declare module '@content/case-studies/index.md' {
  import type { CaseStudiesContent } from '@/pages/case-studies/model/types'

  const page: CaseStudiesContent
  export default page
}

declare module '@content/case-studies/studies/*' {
  import type { CaseStudyFile } from '@/pages/case-studies/model/types'

  const study: CaseStudyFile
  export default study
}

/** The architecture page's copy (content/architecture/index.md), compiled at build time by scripts/markdown. */
declare module '@content/architecture/index.md' {
  import type { ArchitecturePageFile } from '@/pages/architecture/model/content'

  const page: ArchitecturePageFile
  export default page
}

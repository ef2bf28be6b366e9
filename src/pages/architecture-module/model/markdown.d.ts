/** The core modules' deep dives (content/architecture/modules/<id>.md), compiled at build time by scripts/markdown. */
declare module '@content/architecture/modules/*' {
  import type { ModuleDetailFile } from '@/pages/architecture-module/model/moduleDetails'

  const module: ModuleDetailFile
  export default module
}

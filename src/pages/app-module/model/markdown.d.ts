/** The framework modules' pages (content/apps/modules/<id>.md), compiled at build time by scripts/markdown. */
declare module '@content/apps/modules/*' {
  import type { ModuleFile } from '@/pages/app-module/model/details'

  const module: ModuleFile
  export default module
}

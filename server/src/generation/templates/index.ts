import type { ProjectKind } from '../classify'
import { cliTemplate } from './cli'
import type { Template } from './common'
import { httpApiTemplate } from './httpApi'
import { libraryTemplate } from './library'
import { webAppTemplate } from './webApp'

export type { ProjectSpec, Template } from './common'

/** The starter project of each kind `overseer-local` generates. */
export const TEMPLATES: Record<ProjectKind, Template> = {
  'web-app': webAppTemplate,
  'http-api': httpApiTemplate,
  cli: cliTemplate,
  library: libraryTemplate,
}

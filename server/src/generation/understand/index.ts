/**
 * Understanding a build request without a model: the collections it names and their fields, what
 * a command-line tool or library should do, a name a person would give the project, and whether
 * it asks for a language or platform the offline engine does not build. Pure functions: the same
 * request always gives the same understanding, and no text makes them throw.
 */

import { KIND_LABELS, type ProjectKind } from '../classify'
import { nameOf, slugOf } from './name'
import { unsupportedIn } from './platform'
import { resourcesIn } from './resources'
import { cliTaskOf, libraryTasksOf } from './tasks'
import type { Understanding } from './types'

export { FALLBACK_SLUG, MAX_SLUG_LENGTH, nameOf, slugOf } from './name'
export { unsupportedIn } from './platform'
export { restateField, restateResource } from './restate'
export { DEFAULT_RESOURCE, MAX_FIELDS, MAX_RESOURCES, fieldOf, mergeResources, resourcesIn, withReferences } from './resources'
export { cliTaskOf, libraryTasksOf } from './tasks'
export { CLI_TASKS, LIBRARY_TASKS, type CliTask, type Field, type FieldType, type LibraryTask, type Resource, type Understanding, type Unsupported } from './types'
export { pluralOf, singularOf, titleCase } from './words'

/** What the offline engine makes of `request` for a project of `kind`. */
export const understand = (request: string, kind: ProjectKind): Understanding => {
  const { resources, named } = resourcesIn(request)
  const cliTask = cliTaskOf(request)
  const libraryTasks = libraryTasksOf(request)
  const name = nameOf({ request, kind, resources, resourcesNamed: named, cliTask, libraryTasks })
  const unsupported = unsupportedIn(request, KIND_LABELS[kind])
  return { name, slug: slugOf(name), resources, resourcesNamed: named, cliTask, libraryTasks, ...(unsupported && { unsupported }) }
}

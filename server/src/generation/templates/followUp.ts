/**
 * A follow-up without a model ('now add a due date to items', 'add a tags collection'): the
 * collections and fields it names join the project of the conversation's last build, when that
 * project keeps collections as the engine generated them.
 */

import type { ProjectFile } from '../archive'
import type { ProjectKind } from '../classify'
import { mergeResources, resourcesIn, type Field, type FieldType, type Resource } from '../understand'
import { collectionTest, collectionsSection, resourcesFile, type Served } from './collections'
import { quoted } from './common'
import { collectionsPage } from './webApp'

const SERVED: Partial<Record<ProjectKind, Served & { what: string }>> = {
  'http-api': { module: '../src/app', factory: 'createApp', prefix: '', what: 'this API' },
  'web-app': { module: '../server', factory: 'createServer', prefix: '/api', what: 'this app' },
}

const RESOURCE = /^ {4}name: '([a-z][a-z0-9]*)',\n {4}singular: '([a-z][a-z0-9]*)',\n {4}fields: \{\n((?: {6}.*\n)*?) {4}\},$/gm
const FIELD = /^ {6}([a-zA-Z][a-zA-Z0-9]*): \{ type: '(string|number|date|boolean|email|reference)'(?:, references: '([a-z][a-z0-9]*)')?(, required: true)?(?:, min: (-?\d+(?:\.\d+)?))? \},$/

/**
 * The collections of a src/resources.js the engine generated, or undefined when it is not one
 * (changed by hand or by a model): read back only if generating them again gives the same text.
 */
export const readResources = (content: string, what: string): Resource[] | undefined => {
  const resources: Resource[] = []
  for (const match of content.matchAll(RESOURCE)) {
    const fields: Field[] = []
    for (const line of (match[3] ?? '').split('\n').filter(Boolean)) {
      const field = FIELD.exec(line)
      if (!field) return undefined
      const name = field[1] as string
      const references = field[3]
      fields.push({
        name,
        // A reference is labelled as its record is: bookId is the book.
        label: (references === undefined ? name : name.replace(/Id$/, '')).replace(/([A-Z])/g, ' $1').toLowerCase(),
        type: field[2] as FieldType,
        required: field[4] !== undefined,
        ...(references !== undefined && { references }),
        ...(field[5] !== undefined && { min: Number(field[5]) }),
      })
    }
    resources.push({ plural: match[1] as string, singular: match[2] as string, fields })
  }
  return resources.length > 0 && resourcesFile(resources, what).content === content ? resources : undefined
}

/** The README with its list of collections brought up to date, and the follow-up restated after the requests before it. */
const continuedReadme = (readme: string, resources: readonly Resource[], prefix: string, request: string): string => {
  const listed = readme.replace(/^## What it keeps\n[\s\S]*?(?=\n## )/m, () => `${collectionsSection(resources, prefix, true)}\n`)
  const asked = [...listed.matchAll(/(?:from this request:|Then, in a follow-up:)\n\n(?:>.*\n)+/g)].at(-1)
  if (!asked) return listed
  const at = asked.index + asked[0].length
  return `${listed.slice(0, at)}\nThen, in a follow-up:\n\n${quoted(request)}\n${listed.slice(at)}`
}

/**
 * The files of a project continued by `request`: its collections file, the test file of each
 * collection it adds or changes, the page's sections (a web app) and the README's list of
 * collections, the rest as they were. Undefined when the request adds nothing, or the project's
 * collections are not the engine's to change.
 */
export const continuedFiles = (previous: { kind: ProjectKind; files: readonly ProjectFile[] }, request: string): ProjectFile[] | undefined => {
  const served = SERVED[previous.kind]
  const file = (path: string) => previous.files.find((candidate) => candidate.path === path)
  const definitions = file('src/resources.js')
  if (!served || !definitions) return undefined
  const before = readResources(definitions.content, served.what)
  const named = resourcesIn(request)
  if (!before || !named.named) return undefined
  const after = mergeResources(before, named.resources)
  const changed = after.filter((resource) => JSON.stringify(resource) !== JSON.stringify(before.find((old) => old.plural === resource.plural)))
  if (changed.length === 0) return undefined

  const replaced = new Map<string, ProjectFile>([[definitions.path, resourcesFile(after, served.what)]])
  for (const resource of changed) replaced.set(`test/${resource.plural}.test.js`, collectionTest(resource, served, after))
  if (previous.kind === 'web-app') {
    const page = file('public/index.html')
    const content = page && collectionsPage(page.content, after)
    if (!page || !content) return undefined
    replaced.set(page.path, { ...page, content })
  }
  const readme = file('README.md')
  if (readme) replaced.set(readme.path, { ...readme, content: continuedReadme(readme.content, after, served.prefix, request) })
  const kept = previous.files.map((candidate) => replaced.get(candidate.path) ?? candidate)
  return [...kept, ...[...replaced.values()].filter((candidate) => !previous.files.some((old) => old.path === candidate.path))]
}

import type { ProjectFile } from '../archive'
import type { Field, Resource } from '../understand'
import { capitalized, collectionTest, collectionsSection, resourcesFile, type Served } from './collections'
import { gitignore, listed, readme, templateFile, understood, type ProjectSpec, type Template } from './common'

const SERVED: Served = { module: '../server', factory: 'createServer', prefix: '/api' }

/** Text for HTML, its markup characters escaped. */
const html = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The input of a field in a collection's form: its type says what the API accepts. */
const inputOf = (field: Field): string => {
  const name = `name="${html(field.name)}"`
  const label = html(capitalized(field.label))
  switch (field.type) {
    case 'boolean':
      return `<label class="flag"><input ${name} type="checkbox" /> ${label}</label>`
    case 'number':
      return `<label>${label} <input ${name} type="number" step="any"${field.min !== undefined ? ` min="${field.min}"` : ''} /></label>`
    case 'date':
      return `<label>${label} <input ${name} type="date" /></label>`
    case 'email':
      return `<label>${label} <input ${name} type="email" autocomplete="off" /></label>`
    case 'reference':
      // Filled by the page's script with the records of the collection it refers to.
      return `<label>${label} <select ${name} required data-references="${html(field.references ?? '')}"><option value="">Choose…</option></select></label>`
    default:
      return `<label>${label} <input ${name} type="text" maxlength="${field.required ? 200 : 2000}"${field.required ? ' required' : ''} autocomplete="off" /></label>`
  }
}

/** A collection's section of the page: its heading, the form that adds one, and the list. */
const sectionOf = (resource: Resource): string => {
  const id = html(resource.plural)
  return `      <section id="${id}" class="collection" aria-labelledby="${id}-heading" data-collection="${id}" data-singular="${html(resource.singular)}">
        <h2 id="${id}-heading">${html(capitalized(resource.plural))}</h2>
        <form class="add-form">
${resource.fields.map((field) => `          ${inputOf(field)}`).join('\n')}
          <button type="submit">Add ${html(resource.singular)}</button>
        </form>
        <p class="status" role="status"></p>
        <ul class="records"></ul>
      </section>`
}

/** The collections' part of the page: a section for each (and links to them when there are several). */
const sectionsOf = (resources: readonly Resource[]): string => {
  const nav =
    resources.length > 1
      ? `      <nav aria-label="Collections">\n${resources.map((resource) => `        <a href="#${html(resource.plural)}">${html(capitalized(resource.plural))}</a>`).join('\n')}\n      </nav>\n`
      : ''
  return `${nav}${resources.map(sectionOf).join('\n')}\n`
}

/** The page: the template's, its sample section (between its markers) giving way to the collections'. */
const page = (spec: ProjectSpec, resources: readonly Resource[]): ProjectFile => {
  const file = templateFile(spec, 'public/index.html')
  const markers = /^ *<!-- collections:[^\n]*\n[\s\S]*?^ *<!-- \/collections -->\n/m
  if (!markers.test(file.content)) throw new Error('public/index.html has lost its <!-- collections --> markers')
  return { ...file, content: file.content.replace(markers, () => sectionsOf(resources)) }
}

/**
 * A generated page with its collections' part made anew for `resources` (a follow-up that adds
 * some); undefined when the page is not as the engine generated it.
 */
export const collectionsPage = (content: string, resources: readonly Resource[]): string | undefined => {
  const part = /^ {6}(?:<nav aria-label="Collections">|<section id=)[\s\S]*?(?=^ {4}<\/main>)/m
  return part.test(content) ? content.replace(part, () => sectionsOf(resources)) : undefined
}

export const webAppTemplate: Template = {
  kind: 'web-app',
  summary: 'A small web app: a page with a section for each collection that lists, adds, updates and deletes its records, served with a JSON API by a zero-dependency Node.js server.',
  describe(spec) {
    const { resources } = understood(spec)
    return `A small web app for ${listed(resources.map((resource) => resource.plural))}: a page with a section for each that lists, adds, updates and deletes them, served with a JSON API by a zero-dependency Node.js server.`
  },
  files(spec): ProjectFile[] {
    const { resources, resourcesNamed } = understood(spec)
    const summary = this.describe(spec)
    return [
      readme(spec, {
        summary,
        run: '```sh\nnpm start\n```\n\nThen open <http://localhost:3000> (set `PORT` to use another port).',
        sections: [collectionsSection(resources, '/api', resourcesNamed)],
        layout: [
          ['server.js', 'the HTTP server: static files from `public/` and the JSON API of each collection under `/api/`'],
          ['src/resources.js', `the collections (${listed(resources.map((resource) => resource.plural))}) and their fields`],
          ['src/routes.js', "a collection's routes, and JSON in and out"],
          ['src/store.js', 'the in-memory storage of each collection, and the checks of its fields'],
          ['public/', 'the page (a section and a form for each collection), its script and its styles'],
          ['test/', 'tests for the page and the server, the checks (`store.test.js`), and one file per collection'],
        ],
      }),
      templateFile(spec, 'package.json', { description: summary }),
      gitignore,
      templateFile(spec, 'server.js'),
      resourcesFile(resources, 'this app'),
      templateFile(spec, 'src/routes.js'),
      templateFile(spec, 'src/store.js'),
      page(spec, resources),
      templateFile(spec, 'public/app.js'),
      templateFile(spec, 'public/styles.css'),
      templateFile(spec, 'test/store.test.js'),
      templateFile(spec, 'test/server.test.js'),
      ...resources.map((resource) => collectionTest(resource, SERVED, resources)),
    ]
  },
}

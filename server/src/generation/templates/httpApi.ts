import type { ProjectFile } from '../archive'
import { collectionTest, collectionsSection, resourcesFile, routesOf, type Served } from './collections'
import { gitignore, listed, readme, templateFile, understood, type Template } from './common'

const SERVED: Served = { module: '../src/app', factory: 'createApp', prefix: '' }

export const httpApiTemplate: Template = {
  kind: 'http-api',
  summary: 'An HTTP JSON API with a health check and create, read, update and delete routes for each collection, with validation, on a zero-dependency Node.js server.',
  describe(spec) {
    const { resources } = understood(spec)
    return `An HTTP JSON API for ${listed(resources.map((resource) => resource.plural))}: a health check, and create, read, update and delete routes for each collection with its fields validated, on a zero-dependency Node.js server.`
  },
  files(spec): ProjectFile[] {
    const { resources, resourcesNamed } = understood(spec)
    const first = resources[0]
    const example = first ? routesOf(first, '')[0]?.split(' ')[1] : undefined
    const summary = this.describe(spec)
    return [
      readme(spec, {
        summary,
        run: `\`\`\`sh\nnpm start\n\`\`\`\n\nThe API listens on <http://localhost:3000> (set \`PORT\` to change it): try \`curl localhost:3000/health\`${example ? ` or \`curl localhost:3000${example}\`` : ''}.`,
        sections: [collectionsSection(resources, '', resourcesNamed)],
        layout: [
          ['src/resources.js', `the collections (${listed(resources.map((resource) => resource.plural))}) and their fields`],
          ['src/app.js', 'the API: `GET /health` and the routes of each collection'],
          ['src/routes.js', "a collection's routes, and JSON in and out"],
          ['src/store.js', 'the in-memory storage of each collection, and the checks of its fields'],
          ['src/server.js', 'starts the API on `PORT` (default 3000)'],
          ['test/', "tests that start the API on a free port and call every route: one file per collection, `api.test.js` for what they share, `store.test.js` for the checks"],
        ],
      }),
      templateFile(spec, 'package.json', { description: summary }),
      gitignore,
      resourcesFile(resources, 'this API'),
      templateFile(spec, 'src/app.js'),
      templateFile(spec, 'src/routes.js'),
      templateFile(spec, 'src/store.js'),
      templateFile(spec, 'src/server.js'),
      templateFile(spec, 'test/api.test.js'),
      templateFile(spec, 'test/store.test.js'),
      ...resources.map((resource) => collectionTest(resource, SERVED, resources)),
    ]
  },
}

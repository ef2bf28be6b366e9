import type { ProjectFile } from '../archive'
import { gitignore, readme, templateFile, type Template } from './common'

export const webAppTemplate: Template = {
  kind: 'web-app',
  summary:
    'A small web app: a page that lists, adds, completes and deletes items, served with a JSON API by a zero-dependency Node.js server.',
  run: '```sh\nnpm start\n```\n\nThen open <http://localhost:3000> (set `PORT` to use another port).',
  files(spec): ProjectFile[] {
    return [
      readme(spec, this, [
        ['server.js', 'the HTTP server: static files from `public/` and the JSON API `/api/items`'],
        ['src/store.js', 'the items and their rules (a title is required, at most 200 characters)'],
        ['public/', 'the page, its script and its styles'],
        ['test/', 'tests for the store and the server'],
      ]),
      templateFile(spec, 'package.json'),
      gitignore,
      templateFile(spec, 'server.js'),
      templateFile(spec, 'src/store.js'),
      templateFile(spec, 'public/index.html'),
      templateFile(spec, 'public/app.js'),
      templateFile(spec, 'public/styles.css'),
      templateFile(spec, 'test/store.test.js'),
      templateFile(spec, 'test/server.test.js'),
    ]
  },
}

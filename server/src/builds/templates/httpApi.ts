import type { ProjectFile } from '../archive'
import { gitignore, readme, templateFile, type Template } from './common'

export const httpApiTemplate: Template = {
  kind: 'http-api',
  summary: 'An HTTP JSON API with a health check and create, read, update and delete endpoints for one resource, on a zero-dependency Node.js server.',
  run: '```sh\nnpm start\n```\n\nThe API listens on <http://localhost:3000> (set `PORT` to change it): try `curl localhost:3000/health`.',
  files(spec): ProjectFile[] {
    return [
      readme(spec, this, [
        ['src/app.js', 'the routes: `GET /health`, `GET`/`POST /resources`, `GET`/`PUT`/`DELETE /resources/:id`'],
        ['src/server.js', 'starts the API on `PORT` (default 3000)'],
        ['test/api.test.js', 'tests that start the API on a free port and call every route'],
      ]),
      templateFile(spec, 'package.json'),
      gitignore,
      templateFile(spec, 'src/app.js'),
      templateFile(spec, 'src/server.js'),
      templateFile(spec, 'test/api.test.js'),
    ]
  },
}

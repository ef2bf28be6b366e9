import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { ProjectFile } from '../../src/generation/archive'
import { changesBetween } from '../../src/pipeline/state'
import { TEMPLATES } from '../../src/generation/templates'
import { continuedFiles, readResources } from '../../src/generation/templates/followUp'
import { understand } from '../../src/generation/understand'
import { useTestApp } from '../helper'
import { buildConfig, buildRequest, sendBuild, unzip, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor } from '../support/chat'

const run = promisify(execFile)

/** The project the offline engine generates for `request`, of the kind it is classified as or `kind`. */
const generated = (request: string, kind: 'web-app' | 'http-api') => {
  const understanding = understand(request, kind)
  return TEMPLATES[kind].files({ kind, slug: understanding.slug, title: understanding.name, request, understanding })
}
const content = (files: readonly ProjectFile[] | undefined, name: string) => files?.find((file) => file.path === name)?.content ?? ''

/** Writes a project to a new folder and runs its own `npm test`; answers its output. */
const testsOf = async (files: readonly ProjectFile[]): Promise<string> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'overseer-followup-'))
  try {
    for (const file of files) {
      await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true })
      await writeFile(path.join(dir, file.path), file.content)
      if (file.executable) await chmod(path.join(dir, file.path), 0o755)
    }
    const { stdout } = await run('npm', ['test'], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, npm_config_offline: 'true', NODE_OPTIONS: '' }, timeout: 60_000 })
    return stdout
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe('an offline follow-up that names collections or fields', () => {
  it('reads back the collections the engine generated, and nothing it did not', () => {
    const api = generated('Make an inventory API where products have a name, a SKU, a quantity and a price', 'http-api')
    const resources = readResources(content(api, 'src/resources.js'), 'this API')
    expect(resources).toEqual(understand('Make an inventory API where products have a name, a SKU, a quantity and a price', 'http-api').resources)
    expect(readResources(content(api, 'src/resources.js').replace("type: 'number'", "type: 'integer'"), 'this API')).toBeUndefined()
    expect(readResources(`${content(api, 'src/resources.js')}\nresources.push(1)\n`, 'this API')).toBeUndefined()
    expect(readResources('module.exports = { resources: [] }\n', 'this API')).toBeUndefined()
  })

  it('adds a collection: its routes, its section of the page, its tests, and the README says so', async () => {
    const before = generated('Build a todo web app', 'web-app')
    const after = continuedFiles({ kind: 'web-app', files: before }, 'add a tags collection')
    expect(after && changesBetween(before, after)).toEqual({ added: ['test/tags.test.js'], changed: ['README.md', 'public/index.html', 'src/resources.js'], removed: [] })
    expect(content(after, 'src/resources.js')).toContain("name: 'tags',")
    expect(content(after, 'public/index.html')).toContain('data-collection="tags"')
    expect(content(after, 'public/index.html')).toContain('data-collection="todos"')
    expect(content(after, 'README.md')).toContain('`GET /api/tags`')
    expect(content(after, 'README.md')).toMatch(/> Build a todo web app\n\nThen, in a follow-up:\n\n> add a tags collection\n/)
    const output = await testsOf(after ?? [])
    expect(output).toMatch(/# fail 0/)
    expect(output).toMatch(/^ok \d+ - creates a tag$/m)
  })

  it('adds a field to the collection it names, or to the one of the same records', async () => {
    const before = generated('Build a todo web app', 'web-app')
    for (const request of ['now add a due date to todos', 'now add a due date to items']) {
      const after = continuedFiles({ kind: 'web-app', files: before }, request)
      expect(after && changesBetween(before, after).changed).toEqual(['README.md', 'public/index.html', 'src/resources.js', 'test/todos.test.js'])
      expect(content(after, 'src/resources.js')).toContain("dueDate: { type: 'date' },")
      expect(content(after, 'public/index.html')).toContain('<input name="dueDate" type="date" />')
    }
    const api = generated('Build a REST API for a bookstore with books and authors', 'http-api')
    const priced = continuedFiles({ kind: 'http-api', files: api }, 'books should have a price, and add a publishers collection')
    expect(content(priced, 'src/resources.js')).toMatch(/price: \{ type: 'number', min: 0 \},[\s\S]*name: 'publishers'/)
    const output = await testsOf(priced ?? [])
    expect(output).toMatch(/# fail 0/)
    expect(output).toMatch(/^ok \d+ - refuses an invalid book with 400, saying why$/m)
  })

  it('changes nothing when the request names nothing new, or the project is not the engine’s to change', () => {
    const before = generated('Build a todo web app', 'web-app')
    expect(continuedFiles({ kind: 'web-app', files: before }, 'now make it a command-line tool')).toBeUndefined()
    expect(continuedFiles({ kind: 'web-app', files: before }, 'make the todos nicer')).toBeUndefined()
    const edited = before.map((file) => (file.path === 'src/resources.js' ? { ...file, content: file.content.replace('required: true', 'required: false') } : file))
    expect(continuedFiles({ kind: 'web-app', files: edited }, 'add a tags collection')).toBeUndefined()
    expect(continuedFiles({ kind: 'cli', files: before }, 'add a tags collection')).toBeUndefined()
  })
})

describe('an offline follow-up build', () => {
  const target = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }) })

  it('adds the collection a follow-up names to the project, whose tests pass', async () => {
    const { app } = target
    const owner = await newVisitor(app)
    const delivered = (await sendBuild(app, owner, buildRequest('Build a REST API for a bookstore with books and authors'))).json<BuildReplyBody>()
    const response = await sendBuild(app, owner, buildRequest('add a publishers collection', { conversationId: delivered.conversationId }))
    expect(response.statusCode).toBe(200)
    const { reply, zipUrl } = response.json<BuildReplyBody>()
    expect(reply).toContain('I continued the project of your last build: added `test/publishers.test.js`; changed `README.md`, `src/resources.js`.')
    expect(reply).toMatch(/\*\*Tests:\*\* (\d+) of \1 passed/)
    const entries = await unzip((await app.inject({ method: 'GET', url: zipUrl, headers: owner })).rawPayload)
    expect(entries.map((entry) => entry.name)).toContain('bookstore-api/test/publishers.test.js')
  })
})

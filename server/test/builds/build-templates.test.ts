import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { ProjectKind } from '../../src/builds/classify'
import { TEMPLATES } from '../../src/builds/templates'
import { useTestApp } from '../helper'
import { buildConfig, buildRequest, sendBuild, unzip, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor, type Headers } from '../support/chat'

const run = promisify(execFile)

/** Every file of a project (name, mode, bytes), in order, as one digest. */
const digestOf = (files: readonly { path: string; content: string; executable?: boolean }[]): string => {
  const hash = createHash('sha256')
  for (const file of files) hash.update(`${file.path}\0${file.executable ? 'x' : '-'}\0${file.content}\0`)
  return hash.digest('hex')
}

describe('the template files', () => {
  // The digests of the projects as generated: reading them from server/templates must give
  // these files, byte for byte, in this order. A change to a template changes its digest, so
  // it is made here on purpose, never by accident.
  it.each<[ProjectKind, string]>([
    ['web-app', '306aae5998b72679a5a5f49b84f3a81f4e7048e3fd3835c7c777966e3d737c1c'],
    ['http-api', '144c48bb58480dcd76afb38c3ff5c23a32655325fc371000ab039bd584649168'],
    ['cli', 'd7c06f49bbd746c638de71bf2c6401cd578acc9941a352da45388644f78d002a'],
    ['library', '074e2cd73fbaa2c99c78e8484618dc3ba48981457fc0ab0e20e65c8627908667'],
  ])('give a %s exactly the files pinned here', (kind, digest) => {
    const template = TEMPLATES[kind]
    const spec = { kind, slug: 'todo-app', title: 'Todo App', request: 'Build a todo app\nwith $& and ${x} and <b>' }
    expect(digestOf(template.files(spec))).toBe(digest)
  })
})

/**
 * Each kind of starter project, built through the API, unzipped and tested with its own
 * `npm test`: offline (npm may not reach a registry) and with nothing installed.
 */
describe('the generated projects', () => {
  const fixture = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }) })
  let owner: Headers
  let workDir: string

  beforeAll(async () => {
    owner = await newVisitor(fixture.app)
    workDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-projects-'))
  })

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true })
  })

  it.each([
    ['Build a todo web app', 'web-app', 'todo-web-app', 'server.js'],
    ['Create a REST API for invoices', 'http-api', 'rest-api-invoices', 'src/app.js'],
    ['Make a command line tool that counts words', 'cli', 'command-line-tool-counts-words', 'bin/command-line-tool-counts-words.js'],
    ['Develop a library of array helpers', 'library', 'library-array-helpers', 'index.d.ts'],
  ])('%j gives a %s whose own tests pass', async (request, kind, name, mainFile) => {
    const body = buildRequest(request)
    const response = await sendBuild(fixture.app, owner, body)
    expect(response.statusCode).toBe(200)
    const { zipUrl } = response.json<BuildReplyBody>()
    const state = await fixture.app.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}`, headers: owner })
    expect(state.json<{ data: { kind: string; name: string } }>().data).toMatchObject({ kind, name })

    const download = await fixture.app.inject({ method: 'GET', url: zipUrl, headers: owner })
    const entries = await unzip(download.rawPayload)
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining([`${name}/README.md`, `${name}/package.json`, `${name}/${mainFile}`]))
    for (const entry of entries) {
      const file = path.join(workDir, entry.name)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, entry.content)
      await chmod(file, entry.mode)
    }
    if (kind === 'cli') expect(entries.find((entry) => entry.name.endsWith(mainFile))?.mode).toBe(0o755)

    const readme = entries.find((entry) => entry.name === `${name}/README.md`)?.content.toString('utf8')
    expect(readme).toContain(`> ${request}`)
    expect(readme).toContain('npm test')

    const { stdout } = await run('npm', ['test'], {
      cwd: path.join(workDir, name),
      env: { PATH: process.env.PATH, HOME: workDir, npm_config_offline: 'true', npm_config_update_notifier: 'false', NODE_OPTIONS: '' },
      timeout: 60_000,
    })
    expect(stdout).toMatch(/# fail 0/)
    expect(stdout).toMatch(/# pass [1-9]/)
  })
})

import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { ProjectKind } from '../../src/generation/classify'
import { TEMPLATES } from '../../src/generation/templates'
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
  // The digests of the projects generated for one request, of each kind: reading them from
  // server/templates (and generating their collections) must give these files, byte for byte, in
  // this order. A change to a template changes its digest, so it is made here on purpose, never
  // by accident. (What projects hold for other requests is in generation.test.ts.)
  it.each<[ProjectKind, string]>([
    ['web-app', 'e0af7d3c6b9bddedc28e81540595e4aaa11c889ef3bf9b42a8d6fa259cd79651'],
    ['http-api', 'da8c3375d117b300e2a794c288f1d7b348d7b7be9bf58565950e5fbbe286bd91'],
    ['cli', 'd7c06f49bbd746c638de71bf2c6401cd578acc9941a352da45388644f78d002a'],
    ['library', 'e0c580b6c1edeaa03dbd99aad7d6433214687f3cc99152606777308689c569df'],
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

  // The request, its kind, the project's name, a file it must have, and what the reply says it is.
  it.each([
    ['Build a todo web app', 'web-app', 'todo-web-app', 'test/todos.test.js', 'A small web app for todos'],
    ['Create a REST API for invoices', 'http-api', 'invoices-api', 'test/invoices.test.js', 'An HTTP JSON API for invoices'],
    ['Make a command line tool that counts words', 'cli', 'word-counter', 'bin/word-counter.js', 'counts the lines, words and characters'],
    ['Develop a library of array helpers', 'library', 'array-helpers', 'index.d.ts', '(`chunk`, `groupBy`, `unique`)'],
    ['Build a Python library for parsing dates', 'library', 'date-parser', 'index.d.ts', '`parseDate`'],
  ])('%j gives a %s whose own tests pass', async (request, kind, name, mainFile, says) => {
    const body = buildRequest(request)
    const response = await sendBuild(fixture.app, owner, body)
    expect(response.statusCode).toBe(200)
    const { zipUrl, reply } = response.json<BuildReplyBody>()
    expect(reply).toContain(says)
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
    // A language the engine does not build is said plainly, in the README and the reply.
    const honesty = "You asked for a Python library; Overseer's offline engine builds Node.js projects only, so this is a Node.js library instead."
    if (request.includes('Python')) {
      expect(readme?.split('\n')[2]).toBe(`**${honesty}**`)
      expect(reply.split('\n')[2]).toBe(`**${honesty}**`)
    } else {
      expect(readme).not.toContain('You asked for')
      expect(reply).not.toContain('You asked for')
    }

    const { stdout } = await run('npm', ['test'], {
      cwd: path.join(workDir, name),
      env: { PATH: process.env.PATH, HOME: workDir, npm_config_offline: 'true', npm_config_update_notifier: 'false', NODE_OPTIONS: '' },
      timeout: 60_000,
    })
    expect(stdout).toMatch(/# fail 0/)
    expect(stdout).toMatch(/# pass [1-9]/)
  })
})

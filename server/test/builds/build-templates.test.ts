import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/db'
import { buildTestApp, openTestPglite } from '../helper'
import { buildConfig, buildRequest, sendBuild, unzip, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor, type Headers } from '../support/chat'

const run = promisify(execFile)

/**
 * Each kind of starter project, built through the API, unzipped and tested with its own
 * `npm test`: offline (npm may not reach a registry) and with nothing installed.
 */
describe('the generated projects', () => {
  let db: Database
  let app: FastifyInstance
  let owner: Headers
  let workDir: string

  beforeAll(async () => {
    db = await openTestPglite()
    app = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig()) })
    owner = await newVisitor(app)
    workDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-projects-'))
  })

  afterAll(async () => {
    await app.close()
    await db.close()
    await rm(workDir, { recursive: true, force: true })
  })

  it.each([
    ['Build a todo web app', 'web-app', 'todo-web-app', 'server.js'],
    ['Create a REST API for invoices', 'http-api', 'rest-api-invoices', 'src/app.js'],
    ['Make a command line tool that counts words', 'cli', 'command-line-tool-counts-words', 'bin/command-line-tool-counts-words.js'],
    ['Develop a library of array helpers', 'library', 'library-array-helpers', 'index.d.ts'],
  ])('%j gives a %s whose own tests pass', async (request, kind, name, mainFile) => {
    const body = buildRequest(request)
    const response = await sendBuild(app, owner, body)
    expect(response.statusCode).toBe(200)
    const { zipUrl } = response.json<BuildReplyBody>()
    const state = await app.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}`, headers: owner })
    expect(state.json<{ data: { kind: string; name: string } }>().data).toMatchObject({ kind, name })

    const download = await app.inject({ method: 'GET', url: zipUrl, headers: owner })
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

import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SANDBOX_MESSAGES } from '../../src/sandbox'
import { LOCAL_STAGES, QA_MESSAGES, type StageWork } from '../../src/builds/engine'
import { useTestApp } from '../helper'
import { buildConfig, buildRequest, sendBuild, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor } from '../support/chat'
import { connectSocket, followBuild } from '../support/sockets'
import type { Socket } from 'socket.io-client'

/** The offline engine's development, with one of the project's tests broken. */
const brokenDevelopment: StageWork = async (context) => {
  const result = await LOCAL_STAGES.development(context)
  context.state.files = [
    ...(context.state.files ?? []),
    {
      path: 'test/broken.test.js',
      content: "'use strict'\nconst test = require('node:test')\nconst assert = require('node:assert/strict')\n\ntest('totals add up', () => assert.equal(1 + 1, 3))\n",
    },
  ]
  return result
}

const clients: Socket[] = []
afterAll(() => {
  for (const client of clients) client.disconnect()
})

describe('QA before delivery: the tests run in the sandbox', () => {
  const passing = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }), listen: true })
  const failing = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig()) }),
    options: { builds: { stages: { ...LOCAL_STAGES, development: brokenDevelopment } } },
    listen: true,
  })

  it('delivers a project only with passing tests, and says how many passed', async () => {
    const owner = await newVisitor(passing.app)
    const response = await sendBuild(passing.app, owner, buildRequest('Build a CLI that counts words in a file'))
    expect(response.statusCode).toBe(200)
    const { reply } = response.json<BuildReplyBody>()
    const counts = /\*\*Tests:\*\* (\d+) of (\d+) passed, run in the sandbox before delivery\./.exec(reply)
    expect(counts?.[1]).toBe(counts?.[2])
    expect(Number(counts?.[1])).toBeGreaterThan(0)
    const { rows } = await passing.db.query<{ message: string }>(`select message from agent_logs where module = 'assembly-agent' and message like '%QA:%'`)
    expect(rows.map((row) => row.message).join('\n')).toMatch(/QA: \d+ of \d+ tests passed in the sandbox \(bwrap/)
  })

  it('ends a build whose tests fail with an error naming them, and no archive', async () => {
    const owner = await newVisitor(failing.app)
    const body = buildRequest('Build a library to format prices')
    const events = await followBuild(await connectSocket(failing.app, { headers: owner }, clients), body.sessionId)
    const downloads = failing.app.config.builds.downloadsDir
    const before = await readdir(downloads)

    const response = await sendBuild(failing.app, owner, body)
    await events.ended
    expect(response.statusCode).toBe(500)
    const message = response.json<{ message: string }>().message
    expect(message).toMatch(/^The project's tests failed \(1 of \d+ failing: .*totals add up.*\), so it was not delivered\.$/)
    expect(events.errors).toEqual([{ sessionId: body.sessionId, message }])
    expect(events.progress.map((event) => event.stage).at(-1)).toBe('assembly')
    expect(await readdir(downloads)).toEqual(before)
  })
})

describe('QA without a sandbox', () => {
  // bwrap cannot be found while this app starts: its sandbox is unavailable, as on a machine without bubblewrap.
  let savedPath: string | undefined
  beforeAll(async () => {
    savedPath = process.env.PATH
    process.env.PATH = await mkdtemp(path.join(tmpdir(), 'overseer-no-bwrap-'))
  })
  const unsandboxed = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig()) }),
    options: {
      builds: {
        stages: {
          ...LOCAL_STAGES,
          // As a model's development loop does, mark the code model-written: it never runs unconfined.
          development: async (context) => {
            const result = await LOCAL_STAGES.development(context)
            if (context.state.request.includes('model-written')) context.state.modelWritten = true
            return result
          },
        },
      },
    },
  })
  beforeAll(() => {
    process.env.PATH = savedPath
  })

  it("delivers a template's project, saying its tests were not run", async () => {
    const owner = await newVisitor(unsandboxed.app)
    const response = await sendBuild(unsandboxed.app, owner, buildRequest('Build a todo web app'))
    expect(response.statusCode).toBe(200)
    expect(response.json<BuildReplyBody>().reply).toContain(`**Tests:** ${QA_MESSAGES.notRun}.`)
  })

  it('fails a build with model-written code, saying why', async () => {
    const owner = await newVisitor(unsandboxed.app)
    const response = await sendBuild(unsandboxed.app, owner, buildRequest('Build a model-written todo web app'))
    expect(response.statusCode).toBe(500)
    expect(response.json<{ message: string }>().message).toBe(QA_MESSAGES.noSandbox(SANDBOX_MESSAGES.missing))
  })
})

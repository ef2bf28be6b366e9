import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { SETUP_TIMEOUT_MS } from './helper'
import { ROOT } from './support/processes'

const FIXTURES = 'server/test/fixtures/failed-setup'
/** Long enough for a jest to start, open a database and build the app on a busy machine, twice. */
const EXIT_BOUND_MS = 2 * SETUP_TIMEOUT_MS

interface JestRun {
  /** How the process ended; null while it still ran when it was stopped. */
  code: number | null
  output: string
  stoppedBy: 'itself' | 'bound'
}

/** The part of jest's --json report read here. */
interface JestReport {
  numFailedTests: number
  numTotalTests: number
  testResults: { name: string; assertionResults: { failureMessages: string[] }[] }[]
}

/**
 * Runs the fixture suites in a jest of their own, in one process (`npm test` runs two files at a
 * time, in workers; in one process, what a setup leaves open keeps jest itself from exiting), and
 * waits for it to exit. It is stopped after EXIT_BOUND_MS: a jest that does not exit
 * by then hangs. (Jest's own 'did not exit one second after the test run' is only a notice: on a
 * busy machine, closing what the setups opened can take longer than that second.)
 */
const runFixtures = (reportFile: string): Promise<JestRun> =>
  new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '--experimental-vm-modules', FORCE_COLOR: '0' }
    delete env.JEST_WORKER_ID
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--selectProjects',
        'server',
        '--roots',
        `<rootDir>/${FIXTURES}`,
        '--testMatch',
        '**/*.suite.ts',
        '--runInBand',
        '--ci',
        '--json',
        `--outputFile=${reportFile}`,
      ],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    let stoppedBy: JestRun['stoppedBy'] = 'itself'
    const stop = (why: JestRun['stoppedBy']) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      stoppedBy = why
      child.kill('SIGKILL')
    }
    const bound = setTimeout(() => stop('bound'), EXIT_BOUND_MS)
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(bound)
      resolve({ code, output, stoppedBy })
    })
  })

describe('a test file whose setup fails or runs out of time', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'overseer-failed-setup-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it(
    'fails its tests, closes what the setup started, and jest exits on its own with code 1',
    async () => {
      const run = await runFixtures(path.join(dir, 'report.json'))
      const ending = { stoppedBy: run.stoppedBy, code: run.code }
      // With that jest's own output when it did not end as it should.
      expect(ending.stoppedBy === 'itself' && ending.code === 1 ? ending : { ...ending, output: run.output }).toEqual({ stoppedBy: 'itself', code: 1 })
      // What a late setup went on doing ran while its file's environment was still there.
      expect(run.output).not.toContain('after the Jest environment has been torn down')

      // Each setup failed as its fixture makes it fail, and only so.
      const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as JestReport
      const failures = Object.fromEntries(
        report.testResults.map((file) => [path.basename(file.name), file.assertionResults.flatMap((test) => test.failureMessages).join('\n')]),
      )
      expect(Object.keys(failures).sort()).toEqual(['fails-once-listening.suite.ts', 'outlasts-its-limit-listening.suite.ts', 'outlasts-its-limit.suite.ts'])
      expect(failures['fails-once-listening.suite.ts']).toContain('the setup failed once the app listened: sign-in answered 401')
      expect(failures['outlasts-its-limit.suite.ts']).toContain('Exceeded timeout of 50 ms for a hook')
      expect(failures['outlasts-its-limit-listening.suite.ts']).toContain('Exceeded timeout of 50 ms for a hook')
      expect([report.numFailedTests, report.numTotalTests]).toEqual([3, 3])
    },
    EXIT_BOUND_MS + 30_000,
  )
})

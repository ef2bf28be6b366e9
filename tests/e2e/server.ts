import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PRERENDER_DIR, PRERENDER_MANIFEST, type PrerenderManifest } from '../../contracts/prerender'
import { ROOT as root, spawnScript, startServerProcess, stopProcess } from '../../server/test/support/processes'

/** The time limit of a hook that starts a server (the same as the server's own tests use). */
export { SETUP_TIMEOUT_MS } from '../../server/test/support/lifecycle'

/** The production build under test: `dist/`, or `BUILD_DIR` when a run builds elsewhere. */
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'dist')

export interface RunningServer {
  url: string
  /** The server's embedded database, where `npm run users` finds it. */
  dataDir: string
  stop: () => Promise<void>
}

/**
 * Starts the real server (production build in dist/, fresh embedded database in a temp dir) on a
 * free loopback port and waits until its health check answers (a bounded wait: a server that does
 * not come up in time is killed).
 */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'overseer-e2e-'))
  const { url, child } = await startServerProcess(
    (listen) =>
      spawnScript(
        ['server/src/server.ts'],
        {
          ...process.env,
          ...listen,
          DATA_DIR: dataDir,
          STATIC_DIR: buildDir,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          // One server for every spec of a worker: room for all the builds they start at once (each spec
          // checks its own build, not a queue behind other specs'; the queue has its own server tests).
          BUILD_CONCURRENCY: '10',
          ...env,
        },
        ['ignore', 'inherit', 'inherit'],
      ),
  ).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  // Nor does it outlive the Playwright process that started it (a worker stopped after a timeout).
  const orphaned = () => child.kill('SIGKILL')
  process.once('exit', orphaned)
  child.once('exit', () => process.off('exit', orphaned))
  return {
    url,
    dataDir,
    // Also when the server has already exited (it crashed during the run): the run still ends.
    stop: async () => {
      await stopProcess(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** How long `npm run users -- create` may take (a Node process starting on a busy machine). */
const CREATE_USER_TIMEOUT_MS = 60_000

/**
 * Creates a staff account with the real CLI (`npm run users -- create`), which reaches the
 * running server over its local-only channel; the password goes in on stdin.
 */
export const createUser = (dataDir: string, email: string, role: string, password: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawnScript(['server/src/cli/users.ts', 'create', '--email', email, '--role', role], { ...process.env, DATA_DIR: dataDir }, 'pipe')
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stdin?.end(`${password}\n`)
    const late = setTimeout(() => {
      output += `\n(no answer within ${CREATE_USER_TIMEOUT_MS / 1000} s: stopped)`
      child.kill('SIGKILL')
    }, CREATE_USER_TIMEOUT_MS)
    child.on('exit', (code, signal) => {
      clearTimeout(late)
      if (code === 0) resolve()
      else reject(new Error(`users create ${email} failed (${code ?? signal}): ${output}`))
    })
  })

/** The public pages the build prerendered and the site origin it used (scripts/prerender). */
export const prerenderManifest = (): PrerenderManifest =>
  JSON.parse(readFileSync(path.join(buildDir, PRERENDER_DIR, PRERENDER_MANIFEST), 'utf8')) as PrerenderManifest

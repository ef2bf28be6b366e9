import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PRERENDER_DIR, PRERENDER_MANIFEST, type PrerenderManifest } from '../../contracts/prerender'
import { ROOT as root, spawnScript, startServerProcess } from '../../server/test/support/processes'

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
 * free loopback port and waits until its health check answers.
 */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'overseer-e2e-'))
  const { url, child } = await startServerProcess(
    (listen) =>
      spawnScript(
        ['server/src/server.ts'],
        { ...process.env, ...listen, DATA_DIR: dataDir, STATIC_DIR: buildDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
        ['ignore', 'inherit', 'inherit'],
      ),
    60_000,
  ).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true })
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}

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
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`users create ${email} failed (${code}): ${output}`))))
  })

/** The public pages the build prerendered and the site origin it used (scripts/prerender). */
export const prerenderManifest = (): PrerenderManifest =>
  JSON.parse(readFileSync(path.join(buildDir, PRERENDER_DIR, PRERENDER_MANIFEST), 'utf8')) as PrerenderManifest

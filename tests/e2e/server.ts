import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(__dirname, '..', '..')

/** The production build under test: `dist/`, or `BUILD_DIR` when a run builds elsewhere. */
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'dist')

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

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
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'overseer-e2e-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: buildDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) break
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('The server did not become healthy within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
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
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/users.ts', 'create', '--email', email, '--role', role],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] },
    )
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stdin?.end(`${password}\n`)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`users create ${email} failed (${code}): ${output}`))))
  })

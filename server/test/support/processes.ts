import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { own, SETUP_TIMEOUT_MS } from './lifecycle'

/** The repository, where `node --import tsx <script>` finds the server's sources. */
export const ROOT = path.resolve(__dirname, '..', '..', '..')

/** A free loopback port for a spawned server. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

/** How long a process asked to stop (SIGTERM) has before it is killed. */
const STOP_GRACE_MS = 10_000

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null

/**
 * Stops `child`: SIGTERM, then SIGKILL if it is still there after `graceMs`. Resolves once it has
 * exited, also when it had exited before.
 */
export const stopProcess = (child: ChildProcess, graceMs = STOP_GRACE_MS): Promise<void> =>
  new Promise((resolve) => {
    if (hasExited(child)) return resolve()
    const stubborn = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', () => {
      clearTimeout(stubborn)
      resolve()
    })
    child.kill('SIGTERM')
  })

/**
 * Runs a TypeScript entry point of the repository (`server/src/server.ts`, a CLI) and its arguments
 * in a Node process of its own. Under jest the test file owns it (support/lifecycle): one still
 * running at the end of the file is stopped.
 */
export const spawnScript = ([script, ...args]: [string, ...string[]], env: NodeJS.ProcessEnv, stdio: StdioOptions = 'ignore'): ChildProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env, stdio })
  const owned = own(() => stopProcess(child))
  child.once('exit', owned.forget)
  return child
}

/** How long one probe of a starting server may take: one that accepts and never answers is not up. */
const PROBE_TIMEOUT_MS = 5_000

/** Polls `ready` every 100 ms until it holds; fails, naming `what`, when `timeoutMs` passes first. */
export const until = async (what: string, ready: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await ready()) return
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Polls `ready` every 200 ms; fails when `child` exits first or `timeoutMs` passes. */
export const waitUntil = async (
  child: ChildProcess,
  what: string,
  ready: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (hasExited(child)) throw new Error(`the process exited with ${child.exitCode ?? child.signalCode} before ${what}`)
    if (await ready()) return
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Starts a server with `spawnServer` (given the PORT and HOST to listen on: a free loopback port; PREVIEW_PORT 0)
 * and waits until its health check answers, at most `timeoutMs`.
 */
export const startServerProcess = async (
  spawnServer: (listen: { PORT: string; HOST: string; PREVIEW_PORT: string }) => ChildProcess,
  timeoutMs = SETUP_TIMEOUT_MS,
): Promise<{ url: string; child: ChildProcess }> => {
  const port = await freePort()
  // Its preview origin on a free port too (PORT + 1 may be another server's).
  const child = spawnServer({ PORT: String(port), HOST: '127.0.0.1', PREVIEW_PORT: '0' })
  const url = `http://127.0.0.1:${port}`
  try {
    const healthy = () => fetch(`${url}/api/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then((response) => response.ok, () => false)
    await waitUntil(child, 'health check', healthy, timeoutMs)
  } catch (error) {
    // A server that never became healthy is nobody's to stop: it would outlive the caller.
    child.kill('SIGKILL')
    throw error
  }
  return { url, child }
}

import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

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

/** Runs a TypeScript entry point of the repository (`server/src/server.ts`, a CLI) and its arguments in a Node process of its own. */
export const spawnScript = ([script, ...args]: [string, ...string[]], env: NodeJS.ProcessEnv, stdio: StdioOptions = 'ignore'): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env, stdio })

/** Polls `ready` every 200 ms; fails when `child` exits first or `timeoutMs` passes. */
export const waitUntil = async (
  child: ChildProcess,
  what: string,
  ready: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
): Promise<void> => {
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode} before ${what}`)
    if (await ready()) return
    if (waited > timeoutMs) throw new Error(`no ${what} within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Starts a server with `spawnServer` (given the PORT and HOST to listen on: a free loopback port)
 * and waits until its health check answers.
 */
export const startServerProcess = async (
  spawnServer: (listen: { PORT: string; HOST: string }) => ChildProcess,
  timeoutMs = 30_000,
): Promise<{ url: string; child: ChildProcess }> => {
  const port = await freePort()
  const child = spawnServer({ PORT: String(port), HOST: '127.0.0.1' })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntil(child, 'health check', () => fetch(`${url}/api/health`).then((response) => response.ok, () => false), timeoutMs)
  } catch (error) {
    // A server that never became healthy is nobody's to stop: it would outlive the caller.
    child.kill('SIGKILL')
    throw error
  }
  return { url, child }
}

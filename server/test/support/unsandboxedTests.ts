import { spawn } from 'node:child_process'
import { parseTestOutput } from '../../src/sandbox/testReport'
import type { TestReport } from '../../src/sandbox/types'

/**
 * Runs a project's `npm test` in `projectDir` WITHOUT a sandbox, for tests only, where the code
 * run is the tests' own: a child process in its own process group, killed whole at the end or
 * after `timeoutMs`, with a clean environment (not the Jest worker's NODE_OPTIONS), its output
 * read as the sandbox reads it.
 */
export const unsandboxedRunTests = (
  projectDir: string,
  signal?: AbortSignal,
  { timeoutMs = 30_000, outputBytes = 64 * 1024 }: { timeoutMs?: number; outputBytes?: number } = {},
): Promise<TestReport> =>
  new Promise((resolve, reject) => {
    const started = Date.now()
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', npm_config_update_notifier: 'false' }
    const child = spawn('npm', ['test'], { cwd: projectDir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let truncated = false
    let stopped: TestReport['stopped']
    const killTree = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // The group is gone already.
      }
    }
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.length > outputBytes) {
        output = output.slice(output.length - outputBytes)
        truncated = true
      }
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const timer = setTimeout(() => {
      stopped = 'time'
      killTree()
    }, timeoutMs)
    const onAbort = () => {
      stopped = 'aborted'
      killTree()
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    child.on('error', (err) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      reject(err)
    })
    child.on('close', (exitCode, exitSignal) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      killTree()
      const counts = parseTestOutput(output)
      resolve({
        exitCode,
        signal: exitSignal,
        output,
        truncated,
        ...(stopped && { stopped }),
        durationMs: Date.now() - started,
        ...counts,
        ok: exitCode === 0 && counts.failed === 0 && stopped === undefined,
      })
    })
  })

import { spawn } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import type { RunResult, SandboxLimits, StopReason } from './types'

/** How often the memory of a run's process tree is read. */
const MEMORY_SAMPLE_MS = 50
const PAGE_BYTES = 4096

/** Every process below `root` (its children, theirs, and so on), read from /proc. */
const descendants = async (root: number): Promise<number[]> => {
  const children = new Map<number, number[]>()
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    // The command name is in parentheses and may hold spaces: the parent id follows the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (!Number.isInteger(ppid)) continue
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
  }
  const found: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    const pid = queue.shift() as number
    for (const child of children.get(pid) ?? []) {
      found.push(child)
      queue.push(child)
    }
  }
  return found
}

/** Resident memory of `root` and every process below it, in bytes. */
export const treeResidentBytes = async (root: number): Promise<number> => {
  let total = 0
  for (const pid of [root, ...(await descendants(root))]) {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => '')
    total += Number(statm.split(' ')[1] ?? 0) * PAGE_BYTES
  }
  return total
}

/** Keeps the last `limit` bytes of what it is given, and how much it dropped. */
class Tail {
  private chunks: Buffer[] = []
  private kept = 0
  dropped = 0

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.kept += chunk.length
    while (this.kept > this.limit && this.chunks.length > 0) {
      const first = this.chunks[0] as Buffer
      const excess = this.kept - this.limit
      if (first.length <= excess) {
        this.chunks.shift()
        this.kept -= first.length
        this.dropped += first.length
      } else {
        this.chunks[0] = first.subarray(excess)
        this.kept -= excess
        this.dropped += excess
      }
    }
  }

  text(): string {
    const body = Buffer.concat(this.chunks).toString('utf8').replace(/^\uFFFD+/, '')
    return this.dropped > 0 ? `[… ${this.dropped.toLocaleString('en-US')} bytes of output cut …]\n${body}` : body
  }
}

export interface Command {
  argv: [string, ...string[]]
  cwd: string
  env: NodeJS.ProcessEnv
}

/**
 * Runs `command` to its end or until a limit stops it: the wall time, the memory of its whole
 * process tree (sampled), or `signal`. Stopping kills its process group and the process itself;
 * in bubblewrap that ends the sandbox's pid namespace, so nothing it started survives.
 */
export const runLimited = (command: Command, limits: Pick<SandboxLimits, 'wallMs' | 'memoryMb' | 'outputBytes'>, signal?: AbortSignal): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const startedAt = performance.now()
    const [file, ...args] = command.argv
    const child = spawn(file, args, { cwd: command.cwd, env: command.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const tail = new Tail(limits.outputBytes)
    let stopped: StopReason | undefined
    let sampling = false

    const stop = (reason: StopReason) => {
      stopped ??= reason
      if (child.pid === undefined) return
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // The group is gone already.
      }
      child.kill('SIGKILL')
    }

    child.stdout.on('data', (chunk: Buffer) => tail.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => tail.push(chunk))

    const timer = setTimeout(() => stop('time'), limits.wallMs)
    const memoryLimit = limits.memoryMb * 1024 * 1024
    const sampler = setInterval(() => {
      if (sampling || child.pid === undefined) return
      sampling = true
      void treeResidentBytes(child.pid)
        .then((bytes) => {
          if (bytes > memoryLimit) stop('memory')
        })
        .finally(() => {
          sampling = false
        })
    }, MEMORY_SAMPLE_MS)
    const onAbort = () => stop('aborted')
    if (signal?.aborted) onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })

    const finish = () => {
      clearTimeout(timer)
      clearInterval(sampler)
      signal?.removeEventListener('abort', onAbort)
    }
    child.on('error', (error) => {
      finish()
      reject(error)
    })
    // The process tree ends with the run: whatever it left behind (a server a test forgot) goes too.
    child.on('exit', () => {
      if (child.pid === undefined) return
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Nothing was left.
      }
    })
    child.on('close', (exitCode, exitSignal) => {
      finish()
      resolve({
        exitCode,
        signal: exitSignal,
        output: tail.text(),
        truncated: tail.dropped > 0,
        ...(stopped && { stopped }),
        durationMs: Math.round(performance.now() - startedAt),
      })
    })
  })

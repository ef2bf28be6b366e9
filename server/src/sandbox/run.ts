import { spawn } from 'node:child_process'
import { constants, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { open, stat, statfs, type FileHandle } from 'node:fs/promises'
import type { Readable, Writable } from 'node:stream'
import type { RunResult, SandboxLimits, StopReason } from './types'

/** How often the memory of a run's process tree (and what it wrote) is read. */
const MEMORY_SAMPLE_MS = 50
const PAGE_BYTES = 4096
/** What a file in a tmpfs costs in kernel memory beyond its bytes (its inode and name), as counted toward the memory limit. */
const INODE_BYTES = 1024
/** How long a sandbox may take to set itself up before the run goes on without holding its writable folders. */
const SETUP_WAIT_MS = 5_000

/**
 * A run's CPU priority, below the server's: its commands' own (`nice`), and its whole session's. A run starts a
 * session of its own (so that stopping it kills its process group), and where the kernel groups
 * processes by session for scheduling (autogroup, on by default on desktop and VM kernels), a
 * process's nice counts only within its session: each run's session would get as much CPU as the
 * server's, and 30 queued builds' tests slowed the server's answers to seconds. The session's own
 * nice (`/proc/<pid>/autogroup`) puts the whole run below the server.
 */
export const RUN_NICE = 10

/**
 * Lowers the CPU priority of the session `pid` leads: 'lowered'; 'later' when the kernel asks to
 * try again (without CAP_SYS_ADMIN it allows one such change every 100 ms, machine-wide);
 * 'never' where it cannot be done (no autogroup: the kernel does not group by session, so `nice`
 * alone counts; or the process has gone).
 */
const lowerSessionPriority = (pid: number): 'lowered' | 'later' | 'never' => {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(RUN_NICE))
    return 'lowered'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EAGAIN' ? 'later' : 'never'
  }
}

/** Whether the kernel lists each thread's children (`/proc/<pid>/task/<tid>/children`, Linux 3.5+ with CONFIG_PROC_CHILDREN). */
const CHILDREN_LISTED = existsSync(`/proc/${process.pid}/task/${process.pid}/children`)

/** A small /proc file's text, or '' when its process has gone. Read at once: /proc answers from memory, never from a disk. */
const procText = (file: string): string => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/** The processes `pid` started: what each of its threads lists as children. */
const childrenOf = (pid: number): number[] => {
  let tasks: string[]
  try {
    tasks = readdirSync(`/proc/${pid}/task`)
  } catch {
    return []
  }
  return tasks.flatMap((task) => procText(`/proc/${pid}/task/${task}/children`).split(' ').filter(Boolean).map(Number))
}

/** The parent of process `pid`, from its /proc stat; undefined once it has gone. */
export const parentOf = (pid: number): number | undefined => {
  const stat = procText(`/proc/${pid}/stat`)
  // The command name is in parentheses and may hold spaces: the parent id follows the last ')'.
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  return stat !== '' && Number.isInteger(ppid) ? ppid : undefined
}

/** Every process on the machine by its parent: the whole of /proc, where the kernel lists no children. */
const everyParent = (): Map<number, number[]> => {
  const children = new Map<number, number[]>()
  let entries: string[] = []
  try {
    entries = readdirSync('/proc')
  } catch {
    return children
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const ppid = parentOf(Number(entry))
    if (ppid === undefined) continue
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
  }
  return children
}

/**
 * Every process below `root` (its children, theirs, and so on). Sampled 20 times a second per run:
 * it reads only the tree's own /proc files where the kernel lists children (a few dozen reads, not
 * one per process on the machine), and reads them synchronously (four thread-pool round trips per
 * file, for hundreds of files, held up the server's other work while builds ran).
 */
export const descendants = (root: number, listed = CHILDREN_LISTED): number[] => {
  const parents = listed ? undefined : everyParent()
  const found: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    const pid = queue.shift() as number
    for (const child of parents ? (parents.get(pid) ?? []) : childrenOf(pid)) {
      found.push(child)
      queue.push(child)
    }
  }
  return found
}

/** Resident memory of `root` and every process below it, in bytes. */
export const treeResidentBytes = (root: number): number => {
  let total = 0
  for (const pid of [root, ...descendants(root)]) total += Number(procText(`/proc/${pid}/statm`).split(' ')[1] ?? 0) * PAGE_BYTES
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
  /**
   * A bubblewrap command given `--info-fd 3 --block-fd 4`, whose writable folders are the tmpfs
   * mounts at `writable` (paths inside the sandbox). The run holds them from outside before the
   * command starts (bwrap waits on fd 4 until it does), reads how much they hold together while
   * the run goes and once more after it ended, and counts that as disk and as memory.
   */
  sandboxed?: { writable: readonly string[] }
}

/** Bytes and files in a sandbox's tmpfs mounts, together, read from outside through their folders held open. */
interface Usage {
  bytes: number
  files: number
}

/**
 * A sandbox's writable tmpfs mounts, held open from outside: `/proc/<pid>/root/<path>` of a
 * process inside it, opened as a folder. Held, they can still be read after the sandbox's
 * processes (and its mount namespace) are gone, so a run that filled them and ended at once is
 * still counted.
 */
class WritableWatch {
  private readonly handles = new Map<string, FileHandle>()

  constructor(private readonly inside: readonly string[]) {}

  /** Opens each tmpfs through `pid`'s root; true once all are held (false while bubblewrap has not mounted them yet). */
  async hold(pid: number): Promise<boolean> {
    try {
      // Until bubblewrap has moved into its new root, the process's root is the host's.
      const [root, host] = await Promise.all([stat(`/proc/${pid}/root`), stat('/')])
      if (root.dev === host.dev && root.ino === host.ino) return false
    } catch {
      return false
    }
    for (const folder of this.inside) {
      if (this.handles.has(folder)) continue
      const handle = await open(`/proc/${pid}/root${folder}`, constants.O_RDONLY | constants.O_DIRECTORY).catch(() => undefined)
      if (!handle) return false
      // Only a tmpfs is one of the sandbox's writable folders.
      const stats = await statfs(`/proc/self/fd/${handle.fd}`).catch(() => undefined)
      if (stats?.type !== TMPFS_MAGIC) {
        await handle.close()
        return false
      }
      this.handles.set(folder, handle)
    }
    return true
  }

  async usage(): Promise<Usage | undefined> {
    if (this.handles.size === 0) return undefined
    const usage: Usage = { bytes: 0, files: 0 }
    for (const handle of this.handles.values()) {
      const stats = await statfs(`/proc/self/fd/${handle.fd}`).catch(() => undefined)
      if (!stats) continue
      usage.bytes += (stats.blocks - stats.bfree) * stats.bsize
      usage.files += stats.files - stats.ffree
    }
    return usage
  }

  async close(): Promise<void> {
    await Promise.all([...this.handles.values()].map((handle) => handle.close().catch(() => undefined)))
    this.handles.clear()
  }
}

/** statfs's f_type of a tmpfs. */
const TMPFS_MAGIC = 0x01021994

/** The JSON bubblewrap writes to its info fd once its sandbox's first process exists: that process's id (as the host sees it). */
const childPidOf = (info: string): number | undefined => {
  try {
    const pid: unknown = (JSON.parse(info) as Record<string, unknown>)['child-pid']
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/**
 * Runs `command` to its end or until a limit stops it: the wall time, the memory of its whole
 * process tree with what it wrote to its tmpfs (sampled), what it wrote (sampled, and read once
 * more at its end), or `signal`. Stopping kills its process group and the process itself; in
 * bubblewrap that ends the sandbox's pid namespace, so nothing it started survives.
 */
export interface RunListeners {
  /** Each piece of output as it comes (the run's result keeps the tail all the same). */
  onOutput?: (chunk: Buffer) => void
  /** The sandbox's first process (as this process sees it), once its writable folders are held and the command goes on. */
  onSandbox?: (pid: number) => void
}

export const runLimited = (
  command: Command,
  limits: Pick<SandboxLimits, 'wallMs' | 'memoryMb' | 'diskMb' | 'outputBytes'>,
  signal?: AbortSignal,
  listeners: RunListeners = {},
): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const startedAt = performance.now()
    const [file, ...args] = command.argv
    const child = spawn(file, args, {
      cwd: command.cwd,
      env: command.env,
      stdio: command.sandboxed ? ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let priority = child.pid === undefined ? 'never' : lowerSessionPriority(child.pid)
    /** Tries again to lower the run's priority if the kernel said to; whether it is done (or cannot be). */
    const lowered = (): boolean => {
      if (priority === 'later' && child.pid !== undefined) priority = lowerSessionPriority(child.pid)
      return priority !== 'later'
    }
    const tail = new Tail(limits.outputBytes)
    let stopped: StopReason | undefined
    let sampling = false
    let ended = false
    const watch = command.sandboxed && new WritableWatch(command.sandboxed.writable)
    const diskLimit = limits.diskMb * 1024 * 1024
    const memoryLimit = limits.memoryMb * 1024 * 1024

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

    const output = (chunk: Buffer) => {
      tail.push(chunk)
      listeners.onOutput?.(chunk)
    }
    child.stdout?.on('data', output)
    child.stderr?.on('data', output)

    /** Over a limit, the reason: what it wrote first (its own limit), then memory with what it wrote counted in. */
    const overLimit = (resident: number, usage: Usage | undefined): StopReason | undefined =>
      usage && usage.bytes > diskLimit ? 'disk' : resident + (usage ? usage.bytes + usage.files * INODE_BYTES : 0) > memoryLimit ? 'memory' : undefined

    // bwrap has set its sandbox up and waits on fd 4: hold its writable tmpfs mounts, then let it go on.
    if (watch) {
      const info = child.stdio[3] as Readable
      const release = child.stdio[4] as Writable
      release.on('error', () => undefined)
      let text = ''
      let started = false
      info.setEncoding('utf8')
      info.on('data', (chunk: string) => {
        text += chunk
        const pid = childPidOf(text)
        if (pid === undefined || started) return
        started = true
        void (async () => {
          const deadline = performance.now() + SETUP_WAIT_MS
          // Its folders held and its priority lowered before its command starts.
          while (!ended && !((await watch.hold(pid)) && lowered()) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
          release.end('go')
          if (!ended) listeners.onSandbox?.(pid)
        })()
      })
    }

    const timer = setTimeout(() => stop('time'), limits.wallMs)
    const sampler = setInterval(() => {
      if (sampling || child.pid === undefined) return
      lowered()
      sampling = true
      const pid = child.pid
      void (async () => {
        const usage = await watch?.usage()
        const reason = overLimit(treeResidentBytes(pid), usage)
        if (reason) stop(reason)
      })().finally(() => {
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
      ended = true
      finish()
      const durationMs = Math.round(performance.now() - startedAt)
      void (async () => {
        // What it wrote, once more: a run that filled its tmpfs and ended between two samples is stopped all the same.
        if (watch) {
          const usage = await watch.usage()
          if (usage && usage.bytes > diskLimit) stopped ??= 'disk'
          await watch.close()
        }
        resolve({ exitCode, signal: exitSignal, output: tail.text(), truncated: tail.dropped > 0, ...(stopped && { stopped }), durationMs })
      })()
    })
  })

/** Build requests against a running server: send one, check what it stored, read the server's memory. */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

export interface BuildRequest {
  /** What the bench calls it in the output. */
  kind: string
  content: string
}

export interface BuildAnswer {
  sessionId: string
  status: number
  /** When the POST was sent (performance.now() of the bench process). */
  startedAt: number
  elapsedMs: number
  zipUrl?: string
  conversationId?: string
  /** The answer's message when it was not a completed build. */
  message?: string
}

/** POST /api/overseer/chat as the visitor of `cookie`; resolves when the build has answered. */
export const postBuild = async (baseUrl: string, cookie: string, content: string, model: string, sessionId: string): Promise<BuildAnswer> => {
  const startedAt = performance.now()
  const response = await fetch(`${baseUrl}/api/overseer/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ messages: [{ role: 'user', content }], model, sessionId }),
  })
  const text = await response.text()
  const elapsedMs = performance.now() - startedAt
  let body: { zipUrl?: unknown; conversationId?: unknown; message?: unknown } = {}
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    /* not JSON: reported through the status */
  }
  return {
    sessionId,
    status: response.status,
    startedAt,
    elapsedMs,
    ...(typeof body.zipUrl === 'string' && { zipUrl: body.zipUrl }),
    ...(typeof body.conversationId === 'string' && { conversationId: body.conversationId }),
    ...(response.status !== 200 && { message: typeof body.message === 'string' ? body.message : text.slice(0, 200) }),
  }
}

export interface StoredCheck {
  /** The conversation reads back with status `completed`. */
  conversationCompleted: boolean
  /** The archive downloads (200, application/zip, a zip's magic bytes). */
  archiveBytes: number | null
  /** GET /api/overseer/builds/:sessionId: its status and the kind it was classified as. */
  buildStatus: string | null
  buildKind: string | null
  /** The QA run before delivery (`tests` of the build state), null when the tests were not run. */
  tests: { passed: number; failed: number; durationMs: number } | null
  /** The sandboxed test runs of the build (`iterations`), each with its run's duration. */
  iterations: { number: number; durationMs: number }[]
}

/** What the server kept of a completed build: its conversation and its archive, as its owner sees them. */
export const checkStored = async (baseUrl: string, cookie: string, answer: BuildAnswer): Promise<StoredCheck> => {
  let conversationCompleted = false
  if (answer.conversationId) {
    const response = await fetch(`${baseUrl}/api/overseer-dev/chat/history/${answer.conversationId}`, { headers: { cookie } })
    const body = (await response.json().catch(() => ({}))) as { data?: { status?: unknown } }
    conversationCompleted = response.status === 200 && body.data?.status === 'completed'
  }
  let archiveBytes: number | null = null
  if (answer.zipUrl) {
    const response = await fetch(new URL(answer.zipUrl, baseUrl), { headers: { cookie } })
    const bytes = Buffer.from(await response.arrayBuffer())
    const isZip = bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50
    if (response.status === 200 && response.headers.get('content-type') === 'application/zip' && isZip) archiveBytes = bytes.length
  }
  const state = await fetch(`${baseUrl}/api/overseer/builds/${answer.sessionId}`, { headers: { cookie } })
  const build = (await state.json().catch(() => ({}))) as {
    data?: { status?: unknown; kind?: unknown; tests?: { ran?: unknown; passed?: unknown; failed?: unknown; durationMs?: unknown }; iterations?: unknown }
  }
  const buildStatus = state.status === 200 && typeof build.data?.status === 'string' ? build.data.status : null
  const buildKind = typeof build.data?.kind === 'string' ? build.data.kind : null
  const reported = build.data?.tests
  const tests =
    reported?.ran === true && typeof reported.passed === 'number' && typeof reported.failed === 'number' && typeof reported.durationMs === 'number'
      ? { passed: reported.passed, failed: reported.failed, durationMs: reported.durationMs }
      : null
  const iterations = (Array.isArray(build.data?.iterations) ? (build.data.iterations as unknown[]) : []).flatMap((entry) => {
    const { number, durationMs } = (entry ?? {}) as { number?: unknown; durationMs?: unknown }
    return typeof number === 'number' && typeof durationMs === 'number' ? [{ number, durationMs }] : []
  })
  return { conversationCompleted, archiveBytes, buildStatus, buildKind, tests, iterations }
}

/**
 * The pid of the server the bench started on `port`: a child of this process whose environment
 * has PORT=<port> (tests/e2e/server.ts runs `node --import tsx server/src/server.ts`, one process).
 */
export const serverPid = (port: number): number | undefined => {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The fields after the command name (in parentheses, which may hold spaces): state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid !== process.pid) continue
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0')
      if (environ.includes(`PORT=${port}`)) return Number(entry)
    } catch {
      /* gone, or not ours */
    }
  }
  return undefined
}

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status). */
export const rssOf = (pid: number): number => {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}

export interface TreeMemory {
  /** VmRSS of the process itself. */
  ownRssBytes: number
  /** VmRSS of every process below it, summed: pages they share (Node's code) count once per process. */
  descendantsRssBytes: number
  /** Pss of the process and every process below it, summed: each shared page counted once over its sharers. */
  treePssBytes: number
  descendants: number
}

/** A `<name>: <n> kB` line of a /proc file in bytes; 0 when absent (a zombie has no memory). */
const kbLine = (text: string, name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(text)?.[1] ?? 0) * 1024

/** A /proc file's text, '' when the process has ended since it was listed. */
const procText = (file: string): string => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/**
 * The memory of `pid` and of every process below it (the sandboxed test runs a server starts),
 * from /proc. Synchronous: it runs in the sampler's worker thread, where blocking costs nothing.
 */
export const treeMemory = (pid: number): TreeMemory => {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = procText(`/proc/${entry}/stat`)
    // The command name is in parentheses and may hold spaces: the parent id follows the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (Number.isInteger(ppid)) children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
  }
  const below: number[] = []
  for (let queue = [...(children.get(pid) ?? [])]; queue.length > 0; ) {
    const next = queue.shift() as number
    below.push(next)
    queue = queue.concat(children.get(next) ?? [])
  }
  const own = readFileSync(`/proc/${pid}/status`, 'utf8')
  let descendantsRssBytes = 0
  let treePssBytes = kbLine(procText(`/proc/${pid}/smaps_rollup`), 'Pss')
  for (const child of below) {
    descendantsRssBytes += kbLine(procText(`/proc/${child}/status`), 'VmRSS')
    treePssBytes += kbLine(procText(`/proc/${child}/smaps_rollup`), 'Pss')
  }
  return { ownRssBytes: kbLine(own, 'VmRSS'), descendantsRssBytes, treePssBytes, descendants: below.length }
}

export interface MemoryPeaks {
  samples: number
  /** The highest own VmRSS of the process. */
  ownRssPeakBytes: number
  /** The highest VmRSS sum over the process and its descendants at one sample. */
  treeRssPeakBytes: number
  /** The highest Pss sum over the process and its descendants at one sample. */
  treePssPeakBytes: number
  /** The most descendants seen at once. */
  descendantsPeak: number
  /** Why a sample could not be read (the process gone), if one could not. */
  error?: string
}

/**
 * Samples `treeMemory(pid)` every `everyMs` in a worker thread, so reading /proc never holds up
 * the requests being timed, until the returned function is called; it resolves to the peaks (never rejects).
 */
export const sampleTreeMemory = (pid: number, everyMs: number): (() => Promise<MemoryPeaks>) => {
  // A worker does not inherit the bench's `--import tsx`: its entry loads the TypeScript through tsx's API.
  const entry = path.join(__dirname, 'treeMemorySampler.ts')
  const worker = new Worker(`require('tsx/cjs/api').require(${JSON.stringify(entry)}, ${JSON.stringify(entry)})`, { eval: true, workerData: { pid, everyMs } })
  worker.unref()
  // A sampler that fails says so in its result (`error`): the builds it watched are measured all the same.
  const failed = (error: string): MemoryPeaks => ({ samples: 0, ownRssPeakBytes: 0, treeRssPeakBytes: 0, treePssPeakBytes: 0, descendantsPeak: 0, error })
  const peaks = new Promise<MemoryPeaks>((resolve) => {
    worker.once('message', (message: MemoryPeaks) => resolve(message))
    worker.once('error', (error) => resolve(failed(`the memory sampler failed: ${error.message}`)))
    worker.once('exit', (code) => resolve(failed(`the memory sampler exited (${code}) before reporting`)))
  })
  let stopped: Promise<MemoryPeaks> | undefined
  return () => {
    stopped ??= (async () => {
      worker.postMessage('stop')
      const result = await peaks
      await worker.terminate()
      return result
    })()
    return stopped
  }
}

export const mib = (bytes: number, digits = 1): string => `${(bytes / 1024 / 1024).toFixed(digits)} MiB`

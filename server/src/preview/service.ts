import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import type { ConsoleLine, PreviewAnswer, PreviewEnd, PreviewStatus, PreviewSummary, PreviewView } from '@contracts/preview'
import type { ProjectKind } from '../generation/classify'
import type { RunResult, Sandbox } from '../sandbox'
import { Workspace } from '../sandbox/workspace'

/**
 * Live previews of delivered projects: a web app's or an HTTP API's own `npm start`, run in the
 * sandbox (no network; it listens on a Unix socket in its own folder) and reached only through
 * the preview origin (origin.ts) with an unguessable, expiring link of its owner's. One preview per
 * owner, at most `max` per process, each stopped after `idleMs` without a request and after
 * `maxMs` in all; its whole process tree ends with it.
 */

/** The project kinds that run a server a preview can show. */
export const PREVIEWABLE_KINDS: readonly ProjectKind[] = ['web-app', 'http-api']

export const PREVIEW_MESSAGES = {
  notFound: 'Build not found',
  notDelivered: 'Only a delivered build can be previewed: this one has not delivered a project.',
  notRunnable: 'Only a web app or an HTTP API can be previewed: this project has no server to start.',
  noStart: 'This project has no start script (package.json "scripts.start"), so there is nothing to run.',
  full: (max: number) => `All ${max} previews this server can run are in use. Please try again in a few minutes.`,
  notHere: 'No worker process runs previews now: start one with npm run worker, then try again.',
  notRunning: 'No preview of this build is running.',
  unreachable: 'The worker that runs this preview is not answering. Please try again in a moment.',
} as const

export type { ConsoleLine, PreviewEnd, PreviewStatus, PreviewView }

export interface PreviewLimits {
  max: number
  idleMs: number
  maxMs: number
}

/** A delivered build as the preview needs it. */
export interface PreviewableBuild {
  buildId: string
  sessionId: string
  ownerKey: string
  conversationId: string | null
  status: string
  kind: ProjectKind | null
  files: () => Promise<{ path: string; content: string; executable?: boolean }[]>
}

export interface PreviewServiceOptions {
  sandbox: () => Promise<Sandbox>
  limits: PreviewLimits
  /** The owner's build of `sessionId`, or undefined (none, or someone else's). */
  findBuild: (ownerKey: string, sessionId: string) => Promise<PreviewableBuild | undefined>
  /** Tells the build's room what changed (its status, new console lines). */
  emit?: (sessionId: string, event: PreviewEvent) => void
  /** How long a request waits for a starting app to listen. */
  readyWaitMs?: number
  now?: () => number
}

/** How an open ends: a link token to the preview, or why there is none. */
export type PreviewOpenResult =
  | { kind: 'opened'; token: string; preview: PreviewView }
  | { kind: 'not-found' }
  | { kind: 'refused'; status: 409 | 429 | 503; message: string }

/**
 * What the routes use: the previews of this process (PreviewService), or with REDIS_URL those of
 * the worker processes, reached through their preview agents (cluster.ts).
 */
export interface Previews {
  open(ownerKey: string, sessionId: string, options?: { restart?: boolean }): Promise<PreviewOpenResult>
  find(ownerKey: string, sessionId: string): PreviewView | undefined | Promise<PreviewView | undefined>
  stop(ownerKey: string, sessionId: string): Promise<boolean>
  request(ownerKey: string, sessionId: string, sent: { method: string; path: string; body?: string }): Promise<PreviewAnswer | undefined>
  stopConversation(ownerKey: string, conversationId: string): Promise<void>
  close(): Promise<void>
}

export type PreviewEvent = { type: 'status'; preview: PreviewSummary } | { type: 'console'; lines: ConsoleLine[] }

/** Console kept per preview: the last lines, each cut to a length. */
const CONSOLE_LINES = 500
const LINE_CHARS = 2_000
const READY_WAIT_MS = 15_000
const READY_POLL_MS = 50

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

const ENDS: Record<PreviewEnd, (exitCode: number | null) => string> = {
  crashed: (code) => `The app stopped with exit code ${code ?? 'unknown'}. Its console shows why.`,
  exited: () => 'The app ended by itself (exit code 0).',
  idle: () => 'The preview was stopped after a while without requests.',
  expired: () => 'The preview reached its time limit and was stopped.',
  stopped: () => 'The preview was stopped.',
  replaced: () => 'The preview was replaced by a newer one.',
  limit: () => 'The app went over its sandbox limits (memory, disk or time) and was stopped.',
  shutdown: () => 'The server stopped, and the preview with it.',
}

class Preview {
  readonly id = randomUUID()
  status: PreviewStatus = 'starting'
  readonly startedAt: number
  lastRequestAt: number
  ended?: { reason: PreviewEnd; message: string; exitCode: number | null }
  socketPaths: string[] = []
  readonly console: ConsoleLine[] = []
  readonly tokens = new Set<string>()
  readonly controller = new AbortController()
  stopReason: PreviewEnd | undefined
  run: Promise<void> = Promise.resolve()
  routes: string[] = []
  private partial = ''

  constructor(
    readonly build: PreviewableBuild,
    readonly limits: PreviewLimits,
    now: number,
  ) {
    this.startedAt = now
    this.lastRequestAt = now
  }

  get expiresAt(): number {
    return this.startedAt + this.limits.maxMs
  }

  view(): PreviewView {
    return { ...this.summary(), console: [...this.console] }
  }

  summary(): PreviewSummary {
    return {
      id: this.id,
      sessionId: this.build.sessionId,
      buildId: this.build.buildId,
      kind: this.build.kind ?? 'web-app',
      status: this.status,
      startedAt: new Date(this.startedAt).toISOString(),
      expiresAt: new Date(this.expiresAt).toISOString(),
      idleUntil: new Date(Math.min(this.lastRequestAt + this.limits.idleMs, this.expiresAt)).toISOString(),
      routes: this.routes,
      ...(this.ended && { ended: this.ended }),
    }
  }

  /** Output as it comes, cut into lines (a line without its end waits for the rest). */
  output(text: string, now: number): ConsoleLine[] {
    const lines = (this.partial + text).split('\n')
    this.partial = (lines.pop() ?? '').slice(-LINE_CHARS)
    return lines.map((line) => this.add('output', line.replace(/\r$/, ''), now))
  }

  flush(now: number): ConsoleLine[] {
    if (this.partial === '') return []
    const line = this.add('output', this.partial, now)
    this.partial = ''
    return [line]
  }

  add(stream: ConsoleLine['stream'], text: string, now: number): ConsoleLine {
    const line: ConsoleLine = { at: new Date(now).toISOString(), stream, text: text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS)}…` : text }
    this.console.push(line)
    if (this.console.length > CONSOLE_LINES) this.console.splice(0, this.console.length - CONSOLE_LINES)
    return line
  }
}

/** A preview the origin can pass a request to. */
export interface PreviewTarget {
  id: string
  /** Resolves with the app's socket once it accepts connections; rejects with why not (it ended, or did not listen in time). */
  ready: () => Promise<string>
  /** A request was passed on (it keeps the preview from going idle), and how it went, for the console. */
  requested: (line: string) => void
  /** The app could not answer a request: said in the console. */
  failed: (line: string) => void
}

export class PreviewService implements Previews {
  private readonly previews = new Map<string, Preview>()
  private readonly byOwner = new Map<string, Preview>()
  private readonly byToken = new Map<string, Preview>()
  /** Each owner's opens and stops, one after the other. */
  private readonly ownerTurns = new Map<string, Promise<void>>()
  private readonly sweeper: NodeJS.Timeout
  private closed = false

  constructor(private readonly options: PreviewServiceOptions) {
    // Idle and total limits, checked a few times per idle period (at least every 5 s).
    const every = Math.max(20, Math.min(5_000, Math.floor(Math.min(options.limits.idleMs, options.limits.maxMs) / 4)))
    this.sweeper = setInterval(() => this.sweep(), every)
    this.sweeper.unref()
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  /** How many previews run in this process now. */
  get running(): number {
    return this.previews.size
  }

  /**
   * Starts the owner's build's preview (or, running already, keeps it unless `restart`) and gives
   * a new link token to open it with. An owner's other preview is stopped first.
   */
  async open(
    ownerKey: string,
    sessionId: string,
    { restart = false }: { restart?: boolean } = {},
  ): Promise<PreviewOpenResult> {
    return this.exclusive(ownerKey, () => this.openNow(ownerKey, sessionId, restart))
  }

  private async openNow(
    ownerKey: string,
    sessionId: string,
    restart: boolean,
  ): Promise<PreviewOpenResult> {
    const build = await this.options.findBuild(ownerKey, sessionId)
    if (!build) return { kind: 'not-found' }
    if (build.status !== 'completed') return { kind: 'refused', status: 409, message: PREVIEW_MESSAGES.notDelivered }
    if (!build.kind || !PREVIEWABLE_KINDS.includes(build.kind)) return { kind: 'refused', status: 409, message: PREVIEW_MESSAGES.notRunnable }
    let preview = this.byOwner.get(ownerKey)
    if (preview && (preview.build.buildId !== build.buildId || restart || preview.status === 'exited')) {
      await this.stopPreview(preview, preview.build.buildId === build.buildId ? 'stopped' : 'replaced')
      preview = undefined
    }
    if (!preview) {
      if (this.previews.size >= this.options.limits.max) return { kind: 'refused', status: 429, message: PREVIEW_MESSAGES.full(this.options.limits.max) }
      const files = await build.files()
      const packageJson = files.find((file) => file.path === 'package.json')
      if (!packageJson || !hasStartScript(packageJson.content)) return { kind: 'refused', status: 409, message: PREVIEW_MESSAGES.noStart }
      preview = this.launch(build, files)
    }
    const token = randomBytes(32).toString('base64url')
    preview.tokens.add(hashToken(token))
    this.byToken.set(hashToken(token), preview)
    return { kind: 'opened', token, preview: preview.view() }
  }

  /** The owner's preview of the build of `sessionId`, if one runs or ended last. */
  find(ownerKey: string, sessionId: string): PreviewView | undefined {
    const preview = this.byOwner.get(ownerKey)
    return preview && preview.build.sessionId === sessionId ? preview.view() : undefined
  }

  /** Stops the owner's preview of `sessionId`; false when none runs. */
  stop(ownerKey: string, sessionId: string): Promise<boolean> {
    return this.exclusive(ownerKey, async () => {
      const preview = this.byOwner.get(ownerKey)
      if (!preview || preview.build.sessionId !== sessionId) return false
      await this.stopPreview(preview, 'stopped')
      this.forget(preview)
      return true
    })
  }

  /** Stops the owner's preview of a build of `conversationId` (the conversation was deleted). */
  stopConversation(ownerKey: string, conversationId: string): Promise<void> {
    return this.exclusive(ownerKey, async () => {
      const preview = this.byOwner.get(ownerKey)
      if (!preview || preview.build.conversationId !== conversationId) return
      await this.stopPreview(preview, 'stopped')
      this.forget(preview)
    })
  }

  /**
   * Runs `work` when the owner's earlier opens and stops are done: two at once (a click and a
   * reloaded page's check, a stop) would otherwise both start a process, one left running unseen.
   */
  private async exclusive<T>(ownerKey: string, work: () => Promise<T>): Promise<T> {
    const before = this.ownerTurns.get(ownerKey) ?? Promise.resolve()
    let done: () => void = () => undefined
    const mine = before.then(() => new Promise<void>((resolve) => (done = resolve)))
    this.ownerTurns.set(ownerKey, mine)
    await before
    try {
      return await work()
    } finally {
      done()
      if (this.ownerTurns.get(ownerKey) === mine) this.ownerTurns.delete(ownerKey)
    }
  }

  /** The preview a link token opens, while it runs and its link has not expired. */
  byLinkToken(token: string): PreviewTarget | undefined {
    const preview = this.byToken.get(hashToken(token))
    if (!preview || preview.status === 'exited' || this.now() >= preview.expiresAt) return undefined
    return this.target(preview)
  }

  private target(preview: Preview): PreviewTarget {
    return {
      id: preview.id,
      ready: () => this.ready(preview),
      requested: (line) => {
        preview.lastRequestAt = this.now()
        this.emitLines(preview, [preview.add('request', line, this.now())])
      },
      failed: (line) => this.emitLines(preview, [preview.add('system', line, this.now())]),
    }
  }

  /**
   * One request to the owner's running preview of `sessionId` (the API console), its answer read
   * whole (at most RESPONSE_MAX bytes); undefined when no preview of it runs. Rejects with why the
   * app did not answer.
   */
  async request(ownerKey: string, sessionId: string, sent: { method: string; path: string; body?: string }): Promise<PreviewAnswer | undefined> {
    const preview = this.byOwner.get(ownerKey)
    if (!preview || preview.build.sessionId !== sessionId || preview.status === 'exited') return undefined
    const target = this.target(preview)
    const startedAt = performance.now()
    const line = (status: number | string) => `${sent.method} ${sent.path} → ${status} (${Math.round(performance.now() - startedAt)} ms)`
    try {
      const socketPath = await target.ready()
      const answer = await requestOver(socketPath, sent)
      target.requested(line(answer.status))
      return { ...answer, durationMs: Math.round(performance.now() - startedAt) }
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      target.failed(`${line(502)}: ${why}`)
      throw new Error(why)
    }
  }

  /** Stops every preview (the server is going down) and stops checking limits. */
  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.sweeper)
    await Promise.all([...this.previews.values()].map((preview) => this.stopPreview(preview, 'shutdown')))
  }

  private launch(build: PreviewableBuild, files: { path: string; content: string; executable?: boolean }[]): Preview {
    const preview = new Preview(build, this.options.limits, this.now())
    preview.routes = routesOf(build.kind, files)
    this.previews.set(preview.id, preview)
    this.byOwner.set(build.ownerKey, preview)
    preview.add('system', `$ npm start`, this.now())
    preview.run = (async () => {
      let workspace: Workspace | undefined
      let result: RunResult | undefined
      try {
        const sandbox = await this.options.sandbox()
        workspace = await Workspace.create(files)
        result = await sandbox.serve(workspace.root, {
          wallMs: this.options.limits.maxMs,
          signal: preview.controller.signal,
          onSocket: (socketPaths) => {
            preview.socketPaths = socketPaths
          },
          onOutput: (text) => this.emitLines(preview, preview.output(text, this.now())),
        })
      } catch (error) {
        preview.add('system', error instanceof Error ? error.message : String(error), this.now())
      } finally {
        await workspace?.remove().catch(() => undefined)
      }
      this.emitLines(preview, preview.flush(this.now()))
      const exitCode = result?.exitCode ?? null
      const reason: PreviewEnd =
        preview.stopReason ?? (result?.stopped === 'time' ? 'expired' : result?.stopped ? 'limit' : exitCode === 0 ? 'exited' : 'crashed')
      preview.status = 'exited'
      preview.ended = { reason, message: ENDS[reason](exitCode), exitCode }
      this.previews.delete(preview.id)
      for (const hash of preview.tokens) this.byToken.delete(hash)
      this.emitLines(preview, [preview.add('system', preview.ended.message, this.now())])
      this.emitStatus(preview)
    })()
    this.emitStatus(preview)
    // Running from the moment it listens, whether or not a request comes (its page says so).
    void this.ready(preview).catch(() => undefined)
    return preview
  }

  /** Waits until the app accepts connections on its socket (it is 'running' from then on). */
  private async ready(preview: Preview): Promise<string> {
    const deadline = this.now() + (this.options.readyWaitMs ?? READY_WAIT_MS)
    while (preview.status !== 'exited') {
      // PORT's socket, else the bridge to the TCP port the app listens on instead.
      let socketPath: string | undefined
      for (const candidate of preview.socketPaths) {
        if (await accepts(candidate)) {
          socketPath = candidate
          break
        }
      }
      if (socketPath) {
        if (preview.status === 'starting') {
          preview.status = 'running'
          this.emitStatus(preview)
        }
        return socketPath
      }
      if (this.now() >= deadline) throw new Error(`The app did not start listening on PORT within ${Math.round((this.options.readyWaitMs ?? READY_WAIT_MS) / 1000)} seconds.`)
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))
    }
    throw new Error(preview.ended?.message ?? ENDS.crashed(null))
  }

  private async stopPreview(preview: Preview, reason: PreviewEnd): Promise<void> {
    if (preview.status !== 'exited') {
      preview.stopReason ??= reason
      preview.controller.abort()
    }
    await preview.run
  }

  /** An owner's ended preview stays findable (its console, why it ended) until it is replaced or stopped. */
  private forget(preview: Preview): void {
    if (this.byOwner.get(preview.build.ownerKey) === preview) this.byOwner.delete(preview.build.ownerKey)
  }

  private sweep(): void {
    if (this.closed) return
    const now = this.now()
    for (const preview of this.previews.values()) {
      if (preview.status === 'exited') continue
      if (now >= preview.expiresAt) void this.stopPreview(preview, 'expired')
      else if (now - preview.lastRequestAt >= this.options.limits.idleMs) void this.stopPreview(preview, 'idle')
    }
  }

  private emitLines(preview: Preview, lines: ConsoleLine[]): void {
    if (lines.length > 0) this.options.emit?.(preview.build.sessionId, { type: 'console', lines })
  }

  private emitStatus(preview: Preview): void {
    this.options.emit?.(preview.build.sessionId, { type: 'status', preview: preview.summary() })
  }
}

/**
 * The routes a project made, from its resources file (the templates' `src/resources.js`, one
 * entry per collection): an HTTP API's at the root, a web app's under /api. None for a project
 * without one (a model may have written its routes elsewhere).
 */
export const routesOf = (kind: ProjectKind | null, files: readonly { path: string; content: string }[]): string[] => {
  const resources = files.find((file) => file.path === 'src/resources.js')?.content ?? ''
  const names = [...new Set([...resources.matchAll(/\bname:\s*['"]([a-z][a-z0-9-]*)['"]/g)].map(([, name]) => name as string))]
  const base = kind === 'web-app' ? '/api' : ''
  return [
    ...(kind === 'http-api' ? ['GET /health'] : []),
    ...names.flatMap((name) => [`GET ${base}/${name}`, `POST ${base}/${name}`, `GET ${base}/${name}/:id`, `PUT ${base}/${name}/:id`, `PATCH ${base}/${name}/:id`, `DELETE ${base}/${name}/:id`]),
  ]
}

/** Whether package.json (its text) names a start script. */
const hasStartScript = (content: string): boolean => {
  try {
    const parsed: unknown = JSON.parse(content)
    if (typeof parsed !== 'object' || parsed === null) return false
    const scripts = (parsed as { scripts?: unknown }).scripts
    return typeof scripts === 'object' && scripts !== null && typeof (scripts as { start?: unknown }).start === 'string'
  } catch {
    return false
  }
}

/** Whether a Unix socket at `socketPath` accepts a connection now. */
const accepts = (socketPath: string): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(socketPath)
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })


/** An answer's body kept for the API console, at most. */
const RESPONSE_MAX = 256 * 1024
const REQUEST_TIMEOUT_MS = 30_000

const requestOver = (socketPath: string, sent: { method: string; path: string; body?: string }): Promise<Omit<PreviewAnswer, 'durationMs'>> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: 'preview', accept: 'application/json, */*' }
    if (sent.body !== undefined) {
      headers['content-type'] = 'application/json'
      headers['content-length'] = String(Buffer.byteLength(sent.body))
    }
    const outgoing = httpRequest({ socketPath, method: sent.method, path: sent.path, headers, timeout: REQUEST_TIMEOUT_MS }, (answer) => {
      const chunks: Buffer[] = []
      let kept = 0
      let truncated = false
      answer.on('data', (chunk: Buffer) => {
        if (kept >= RESPONSE_MAX) {
          truncated = true
          return
        }
        const part = chunk.subarray(0, RESPONSE_MAX - kept)
        if (part.length < chunk.length) truncated = true
        chunks.push(part)
        kept += part.length
      })
      answer.on('end', () => {
        const kept: Record<string, string> = {}
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value
        resolve({ status: answer.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks).toString('utf8'), truncated })
      })
      answer.on('error', reject)
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error(`The app did not answer within ${REQUEST_TIMEOUT_MS / 1000} seconds.`)))
    outgoing.on('error', reject)
    outgoing.end(sent.body)
  })

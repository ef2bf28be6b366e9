/** Build requests against a running server: send one, check what it stored, read the server's memory. */
import { readdirSync, readFileSync } from 'node:fs'

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
  const build = (await state.json().catch(() => ({}))) as { data?: { status?: unknown; kind?: unknown } }
  const buildStatus = state.status === 200 && typeof build.data?.status === 'string' ? build.data.status : null
  const buildKind = typeof build.data?.kind === 'string' ? build.data.kind : null
  return { conversationCompleted, archiveBytes, buildStatus, buildKind }
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

export const mib = (bytes: number, digits = 1): string => `${(bytes / 1024 / 1024).toFixed(digits)} MiB`

import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Redis } from 'ioredis'
import type { PreviewAnswer, PreviewView } from '@contracts/preview'
import { PREVIEW_MESSAGES, type PreviewOpenResult, type Previews, type PreviewService } from './service'
import { previewOriginHandler, type PreviewOriginOptions } from './origin'

/**
 * Previews of a scaled-out installation (REDIS_URL). They run where sandboxes run, on the worker
 * processes, each of which serves them through its preview agent: an HTTP server at an internal
 * address that answers the preview origin's requests (as a web server's own origin would) and,
 * under AGENT_PATH, the web servers' calls (open, find, stop, request), signed with a secret
 * they share in Redis. Redis holds the registry: each agent's address and load, which agent
 * runs each owner's preview, and which agent each link token opens. A web server's preview origin
 * passes a request to the agent its token names, so any web server reaches any preview.
 */

export const AGENT_PATH = '/__overseer/agent/'
const SECRET_HEADER = 'x-overseer-agent-secret'
/** An agent's entry lives this long unless it is renewed (every third of it). */
const AGENT_TTL_MS = 15_000
/** A call to an agent gives up after this long (an open waits for the build's files, not for the app). */
const CALL_TIMEOUT_MS = 30_000
const MAX_CALL_BYTES = 1024 * 1024

export interface PreviewRegistryNames {
  secret: string
  agents: string
  agent(id: string): string
  owner(ownerKey: string): string
  token(token: string): string
}

export const previewRegistryNames = (prefix: string): PreviewRegistryNames => ({
  secret: `${prefix}:previews:secret`,
  agents: `${prefix}:previews:agents`,
  agent: (id) => `${prefix}:previews:agent:${id}`,
  owner: (ownerKey) => `${prefix}:previews:owner:${createHash('sha256').update(ownerKey).digest('hex')}`,
  token: (token) => `${prefix}:previews:token:${createHash('sha256').update(token).digest('hex')}`,
})

/** The secret agents and web servers sign their calls with: made by the first to ask, in Redis. */
export const sharedSecret = async (redis: Redis, names: PreviewRegistryNames): Promise<string> => {
  await redis.set(names.secret, randomBytes(32).toString('base64url'), 'NX')
  const secret = await redis.get(names.secret)
  if (!secret) throw new Error('The previews’ shared secret could not be read from Redis.')
  return secret
}

interface AgentEntry {
  id: string
  address: string
  running: number
  max: number
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** An agent's entry as stored in Redis, if it is one. */
const agentEntry = (raw: string | null): AgentEntry | undefined => {
  if (!raw) return undefined
  const entry: unknown = JSON.parse(raw)
  return isRecord(entry) && typeof entry.address === 'string' ? (entry as unknown as AgentEntry) : undefined
}

const readBody = (request: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_CALL_BYTES) request.destroy(new Error('call too large'))
      else chunks.push(chunk)
    })
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'))
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    request.on('error', reject)
  })

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  response.end(JSON.stringify(body))
}

const sameSecret = (given: string | string[] | undefined, secret: string): boolean => {
  const a = Buffer.from(typeof given === 'string' ? given : '')
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

export interface PreviewAgentOptions {
  service: PreviewService
  redis: Redis
  names: PreviewRegistryNames
  origin: Omit<PreviewOriginOptions, 'find'>
  /** Where it listens (HOST) and on which port (PREVIEW_AGENT_PORT; 0 picks one). */
  host: string
  port: number
  /** The address web servers reach it at (PREVIEW_AGENT_ADDRESS), else `http://127.0.0.1:<port>`. */
  address?: string
  max: number
}

export interface PreviewAgent {
  id: string
  address: string
  close(): Promise<void>
}

/** A worker's preview agent: its previews served to the web servers' origins and calls, registered in Redis while it runs. */
export const startPreviewAgent = async (options: PreviewAgentOptions): Promise<PreviewAgent> => {
  const { service, redis, names } = options
  const id = randomUUID()
  const secret = await sharedSecret(redis, names)
  const origin = previewOriginHandler({ ...options.origin, find: (token) => service.byLinkToken(token) })

  const call = async (name: string, body: Record<string, unknown>): Promise<unknown> => {
    const ownerKey = text(body.ownerKey)
    switch (name) {
      case 'open':
        return service.open(ownerKey, text(body.sessionId), { restart: body.restart === true })
      case 'find':
        return { preview: service.find(ownerKey, text(body.sessionId)) ?? null }
      case 'stop':
        return { stopped: await service.stop(ownerKey, text(body.sessionId)) }
      case 'request': {
        const sent = isRecord(body.sent) ? body.sent : {}
        try {
          const answer = await service.request(ownerKey, text(body.sessionId), { method: text(sent.method), path: text(sent.path), ...(typeof sent.body === 'string' && { body: sent.body }) })
          return { answer: answer ?? null }
        } catch (error) {
          return { failed: error instanceof Error ? error.message : String(error) }
        }
      }
      case 'stop-conversation':
        await service.stopConversation(ownerKey, text(body.conversationId))
        return {}
      default:
        return undefined
    }
  }

  const server: Server = createServer((request, response) => {
    if (!request.url?.startsWith(AGENT_PATH)) return origin(request, response)
    if (request.method !== 'POST' || !sameSecret(request.headers[SECRET_HEADER], secret)) return sendJson(response, 404, { error: 'not found' })
    void readBody(request)
      .then(async (body) => {
        const answer = await call(request.url?.slice(AGENT_PATH.length) ?? '', isRecord(body) ? body : {})
        if (answer === undefined) sendJson(response, 404, { error: 'not found' })
        else sendJson(response, 200, answer)
      })
      .catch((error: unknown) => sendJson(response, 500, { error: error instanceof Error ? error.message : String(error) }))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = options.address ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const register = async () => {
    const entry: AgentEntry = { id, address, running: service.running, max: options.max }
    await redis.set(names.agent(id), JSON.stringify(entry), 'PX', AGENT_TTL_MS)
    await redis.sadd(names.agents, id)
  }
  await register()
  const renewing = setInterval(() => void register().catch(() => undefined), Math.floor(AGENT_TTL_MS / 3))
  renewing.unref()

  return {
    id,
    address,
    close: async () => {
      clearInterval(renewing)
      await redis.del(names.agent(id)).catch(() => undefined)
      await redis.srem(names.agents, id).catch(() => undefined)
      await service.close()
      await new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}

/** An http://host:port address as `http.request` wants it (an IPv6 host without its brackets). */
const hostAndPort = (address: string): { host: string; port: number } => {
  const url = new URL(address)
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80) }
}

/** Calls an agent: its JSON answer, or why it did not answer. */
const callAgent = (address: string, secret: string, name: string, body: Record<string, unknown>): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const request = httpRequest(
      {
        ...hostAndPort(address),
        method: 'POST',
        path: `${AGENT_PATH}${name}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), [SECRET_HEADER]: secret },
        timeout: CALL_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          try {
            const answer: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
            if (response.statusCode === 200) resolve(answer)
            else reject(new Error(isRecord(answer) && typeof answer.error === 'string' ? answer.error : `the preview agent answered ${response.statusCode}`))
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
      },
    )
    request.on('timeout', () => request.destroy(new Error('the preview agent did not answer in time')))
    request.on('error', reject)
    request.end(payload)
  })

export interface RemotePreviewsOptions {
  redis: Redis
  names: PreviewRegistryNames
  /** How long an owner's and a link's entries are kept: the longest a preview runs (PREVIEW_MAX_MS). */
  maxMs: number
}

/**
 * A web server's previews with REDIS_URL: each call goes to the agent of the worker that runs the
 * owner's preview (one per owner in the whole installation), a new one to the least busy agent.
 */
export class RemotePreviews implements Previews {
  private secret: Promise<string> | undefined

  constructor(private readonly options: RemotePreviewsOptions) {}

  private async agentById(id: string | null): Promise<AgentEntry | undefined> {
    return id ? agentEntry(await this.options.redis.get(this.options.names.agent(id))) : undefined
  }

  /** The agent that runs (or ran last) the owner's preview, while it is there. */
  private async ownerAgent(ownerKey: string): Promise<AgentEntry | undefined> {
    return this.agentById(await this.options.redis.get(this.options.names.owner(ownerKey)))
  }

  private async call(agent: AgentEntry, name: string, body: Record<string, unknown>): Promise<unknown> {
    this.secret ??= sharedSecret(this.options.redis, this.options.names)
    return callAgent(agent.address, await this.secret, name, body)
  }

  /** The agents alive now, least busy first. */
  private async agents(): Promise<AgentEntry[]> {
    const { redis, names } = this.options
    const ids = await redis.smembers(names.agents)
    if (ids.length === 0) return []
    const entries = (await redis.mget(ids.map((id) => names.agent(id)))).map(agentEntry)
    // Those whose entry expired (a worker that died) leave the set.
    const gone = ids.filter((_, index) => !entries[index])
    if (gone.length > 0) await redis.srem(names.agents, ...gone)
    return entries.filter((entry): entry is AgentEntry => entry !== undefined).sort((a, b) => a.running / a.max - b.running / b.max)
  }

  async open(ownerKey: string, sessionId: string, { restart = false }: { restart?: boolean } = {}): Promise<PreviewOpenResult> {
    const { redis, names, maxMs } = this.options
    const own = await this.ownerAgent(ownerKey)
    // The owner's agent first (it replaces the owner's other preview), else the least busy; a full one passes it on.
    const candidates = own ? [own] : await this.agents()
    if (candidates.length === 0) return { kind: 'refused', status: 503, message: PREVIEW_MESSAGES.notHere }
    let last: PreviewOpenResult = { kind: 'refused', status: 503, message: PREVIEW_MESSAGES.notHere }
    for (const agent of candidates) {
      last = (await this.call(agent, 'open', { ownerKey, sessionId, restart })) as PreviewOpenResult
      if (last.kind === 'opened') {
        await redis.set(names.owner(ownerKey), agent.id, 'PX', maxMs)
        await redis.set(names.token(last.token), agent.id, 'PX', maxMs)
        return last
      }
      if (!(last.kind === 'refused' && last.status === 429)) return last
    }
    return last
  }

  async find(ownerKey: string, sessionId: string): Promise<PreviewView | undefined> {
    const agent = await this.ownerAgent(ownerKey)
    if (!agent) return undefined
    const answer = await this.call(agent, 'find', { ownerKey, sessionId })
    return isRecord(answer) && isRecord(answer.preview) ? (answer.preview as unknown as PreviewView) : undefined
  }

  async stop(ownerKey: string, sessionId: string): Promise<boolean> {
    const agent = await this.ownerAgent(ownerKey)
    if (!agent) return false
    const answer = await this.call(agent, 'stop', { ownerKey, sessionId })
    return isRecord(answer) && answer.stopped === true
  }

  async request(ownerKey: string, sessionId: string, sent: { method: string; path: string; body?: string }): Promise<PreviewAnswer | undefined> {
    const agent = await this.ownerAgent(ownerKey)
    if (!agent) return undefined
    const answer = await this.call(agent, 'request', { ownerKey, sessionId, sent })
    if (isRecord(answer) && typeof answer.failed === 'string') throw new Error(answer.failed)
    return isRecord(answer) && isRecord(answer.answer) ? (answer.answer as unknown as PreviewAnswer) : undefined
  }

  async stopConversation(ownerKey: string, conversationId: string): Promise<void> {
    const agent = await this.ownerAgent(ownerKey)
    if (agent) await this.call(agent, 'stop-conversation', { ownerKey, conversationId })
  }

  /** Where the agent a link token opens listens, while its entry is there. */
  async locate(token: string): Promise<{ host: string; port: number } | undefined> {
    const agent = await this.agentById(await this.options.redis.get(this.options.names.token(token)))
    return agent && hostAndPort(agent.address)
  }

  async close(): Promise<void> {
    // Nothing runs here: the agents stop their previews when their workers stop.
  }
}

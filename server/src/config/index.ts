import os from 'node:os'
import path from 'node:path'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from '@contracts/leads'
import type { LoginLimits } from '../limits/loginLimiter'
import { passwordProblem } from '../auth/password'
import { GATE_KINDS, type GateKind } from '@contracts/builds'
import type { SandboxLimits } from '../sandbox/types'

/** A setting that is missing a required partner or has a value the server cannot use. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export const NODE_ENVS = ['development', 'production', 'test'] as const
export type NodeEnv = (typeof NODE_ENVS)[number]

export const SITE_MODES = ['public', 'prelaunch'] as const
export type SiteMode = (typeof SITE_MODES)[number]

export interface Config {
  port: number
  host: string
  /** `postgres://…`; undefined selects the embedded PGlite database. */
  databaseUrl: string | undefined
  /** Absolute path of the PGlite data directory. */
  dataDir: string
  /** `redis://…`: socket.io's Redis adapter and a BullMQ build queue; undefined runs everything in this process. */
  redisUrl: string | undefined
  /** REDIS_PREFIX: the start of every Redis key and channel, so installations can share one Redis. */
  redisPrefix: string
  logLevel: LogLevel
  /** Absolute path of the built SPA. */
  staticDir: string
  /** Fastify's `trustProxy`: whether, or through how many hops, to believe X-Forwarded-*. */
  trustProxy: boolean | number
  /** REQUEST_TIMEOUT_MS: how long a request (headers and body) may take to arrive, then 408 and the connection is closed. */
  requestTimeoutMs: number
  /** ALLOWED_ORIGINS: origins besides the site's own whose pages may open a socket.io connection. */
  allowedOrigins: string[]
  /** Accepted submissions per minute, per IP, per form route. */
  rateLimitForms: number
  /** Failed sign-ins allowed per client IP and per account, each in its own window. */
  loginLimits: LoginLimits
  /** The first admin, created at start when there are no users yet (ADMIN_EMAIL, ADMIN_PASSWORD). */
  admin: { email: string; password: string } | undefined
  /** `prelaunch` shows anonymous visitors of the public pages the under-construction page. */
  siteMode: SiteMode
  nodeEnv: NodeEnv
  /** The assistant chat. */
  chat: ChatConfig
  /** The build pipeline. */
  builds: BuildConfig
  /** Live previews of delivered web apps and APIs. */
  previews: PreviewConfig
  /** SEED_DEMO: a fresh database gets the staff area's sample content. */
  seedDemo: boolean
}

export interface BuildConfig {
  /**
   * Where an older version kept build archives as files (OVERSEER_DOWNLOADS_DIR; default
   * `DATA_DIR/downloads`): a server moves those into the database when it starts. Archives live in
   * the database now; nothing is written here.
   */
  legacyDownloadsDir: string
  /** How long one stage may run before the build times out (BUILD_STAGE_TIMEOUT_MS). */
  stageTimeoutMs: number
  /** The gates at which a build waits for a staff decision (APPROVAL_GATES; default none). */
  approvalGates: GateKind[]
  /** How long a build waits at a gate before it ends with a timeout (APPROVAL_TIMEOUT_MS). */
  approvalTimeoutMs: number
  /** How long a build waits for its requester's answers before it is stopped (CLARIFICATION_TIMEOUT_MS). */
  clarificationTimeoutMs: number
  /** Where generated code runs: `bwrap` (BUILD_SANDBOX, default) or `none` (unsafe; a trusted single-user machine). */
  sandbox: 'bwrap' | 'none'
  /** The limits of one sandboxed test run (SANDBOX_*). */
  sandboxLimits: SandboxLimits
  /** Test runs a model's development loop may make (BUILD_MAX_ITERATIONS). */
  maxIterations: number
  /** Tokens a model's development loop may spend, prompts and answers together (BUILD_MAX_TOKENS). */
  maxTokens: number
  /** How many times a stage whose process died starts again before the build fails (BUILD_MAX_ATTEMPTS). */
  maxAttempts: number
  /**
   * How long a build's process may be silent before another one takes the build over
   * (BUILD_TAKEOVER_MS): its server's heartbeat, or with REDIS_URL its worker's lock on the job.
   */
  takeoverMs: number
  /** Builds one process runs at once, the rest waiting in order (BUILD_CONCURRENCY; default from the cores, see defaultBuildConcurrency). */
  concurrency: number
  /** Builds one owner may have waiting or running at once; one more is refused (BUILD_QUEUE_PER_OWNER). */
  queuePerOwner: number
}

export interface PreviewConfig {
  /** PREVIEW_PORT: the preview origin's own port (default PORT + 1; 0 picks a free one). */
  port: number
  /** PREVIEW_ORIGIN: the preview origin as browsers reach it, behind a proxy (`https://preview.example.com`); default the site's hostname with PREVIEW_PORT. */
  origin: string | undefined
  /** PREVIEW_MAX: previews one process runs at once. */
  max: number
  /** PREVIEW_IDLE_MS: a preview without a request for this long is stopped. */
  idleMs: number
  /** PREVIEW_MAX_MS: a preview is stopped after this long in all. */
  maxMs: number
  /** PREVIEW_AGENT_PORT: with REDIS_URL, the port a worker's preview agent listens on (0 picks a free one). */
  agentPort: number
  /** PREVIEW_AGENT_ADDRESS: the address web servers reach a worker's preview agent at (`http://10.0.0.5:8090`); default `http://127.0.0.1:<its port>`. */
  agentAddress: string | undefined
}

/** One model of the OpenAI-compatible provider, from OVERSEER_LLM_MODELS (`name` or `name=cost`). */
export interface LlmModelSetting {
  name: string
  /** US dollars per 1,000 tokens; null when not given. */
  costPer1kTokens: number | null
}

/** An OpenAI-compatible chat API (OpenAI, Ollama, vLLM, LM Studio…), set by OVERSEER_LLM_BASE_URL. */
export interface LlmConfig {
  /** Up to and including the version segment, without a trailing slash (`https://api.openai.com/v1`). */
  baseUrl: string
  apiKey: string | undefined
  /** Undefined: the models the provider lists at `{baseUrl}/models`. */
  models: LlmModelSetting[] | undefined
  /** How long the provider may take to start answering, and between two streamed chunks. */
  timeoutMs: number
  /** The name shown as the models' provider (OVERSEER_LLM_PROVIDER; default derived from the host). */
  providerName: string
}

export interface ChatConfig {
  llm: LlmConfig | undefined
  /** OVERSEER_DEFAULT_MODEL: the model offered first; `overseer-local` when unset or not listed. */
  defaultModel: string | undefined
  /** Chat messages accepted per minute per owner (RATE_LIMIT_CHAT). */
  rateLimitPerOwner: number
  /** Chat messages accepted per minute per client IP (RATE_LIMIT_CHAT_IP), whoever the owner. */
  rateLimitPerIp: number
  /** The Markdown docs `overseer-local` answers from (OVERSEER_DOCS_DIR; default the repo's `docs/`). */
  docsDir: string
}

type Env = Record<string, string | undefined>

/** An unset or blank variable counts as absent, so `PORT=` falls back to the default. */
const read = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim()
  return value ? value : undefined
}

const fail = (name: string, expected: string, value: string): never => {
  throw new ConfigError(`${name} must be ${expected}, got "${value}"`)
}

const integer = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const value = read(env, name)
  if (value === undefined) return fallback
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `between ${min} and ${max}`
    return fail(name, `an integer ${range}`, value)
  }
  return parsed
}

const oneOf = <T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T => {
  const value = read(env, name)
  if (value === undefined) return fallback
  const match = allowed.find((candidate) => candidate === value)
  return match ?? fail(name, `one of ${allowed.join(', ')}`, value)
}

const url = (env: Env, name: string, protocols: readonly string[]): string | undefined => {
  const value = read(env, name)
  if (value === undefined) return undefined
  let protocol: string
  try {
    protocol = new URL(value).protocol
  } catch {
    return fail(name, `a URL (${protocols.join(' or ')})`, value)
  }
  return protocols.includes(protocol) ? value : fail(name, `a URL (${protocols.join(' or ')})`, value)
}

const trustProxy = (env: Env): boolean | number => {
  const value = read(env, 'TRUST_PROXY')
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value)
  return fail('TRUST_PROXY', '"true", "false" or a number of proxy hops', value)
}

/** A comma-separated list of origins (`https://app.example.com`), each reduced to its canonical form. */
const origins = (env: Env, name: string): string[] => {
  const value = read(env, name)
  if (value === undefined) return []
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let parsed: URL
      try {
        parsed = new URL(entry)
      } catch {
        return fail(name, 'a comma-separated list of origins (https://host[:port])', value)
      }
      const bare = parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username && !parsed.password
      if (!['http:', 'https:'].includes(parsed.protocol) || !bare) {
        return fail(name, 'a comma-separated list of origins (https://host[:port])', value)
      }
      return parsed.origin
    })
}

/** ADMIN_EMAIL and ADMIN_PASSWORD, both or neither. The password is never echoed in an error. */
const firstAdmin = (env: Env): Config['admin'] => {
  const email = read(env, 'ADMIN_EMAIL')
  // Spaces may belong to a password: only a blank one counts as unset.
  const rawPassword = env.ADMIN_PASSWORD
  const password = rawPassword?.trim() ? rawPassword : undefined
  if (email === undefined && password === undefined) return undefined
  if (email === undefined || password === undefined) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)')
  }
  const normalized = normalizeEmail(email)
  if (normalized.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(normalized)) fail('ADMIN_EMAIL', 'an e-mail address', email)
  const problem = passwordProblem(password)
  if (problem) throw new ConfigError(`ADMIN_PASSWORD is not usable: ${problem}`)
  return { email: normalized, password }
}

const DAY_SECONDS = 86_400

const LLM_MODEL = /^([^=\s]+)(?:=(\d+(?:\.\d+)?))?$/

/** OVERSEER_LLM_MODELS: `gpt-4o-mini=0.00015,llama3.1:8b` (a cost per 1k tokens is optional). */
const llmModels = (env: Env): LlmModelSetting[] | undefined => {
  const value = read(env, 'OVERSEER_LLM_MODELS')
  if (value === undefined) return undefined
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean)
  const models = entries.map((entry) => {
    const match = LLM_MODEL.exec(entry)
    if (!match?.[1]) return fail('OVERSEER_LLM_MODELS', 'a comma-separated list of model names (each optionally `=cost per 1k tokens`)', value)
    return { name: match[1], costPer1kTokens: match[2] === undefined ? null : Number(match[2]) }
  })
  return models.length > 0 ? models : undefined
}

const providerNameFor = (baseUrl: string): string => {
  const host = new URL(baseUrl).host
  return host === 'api.openai.com' ? 'OpenAI' : host
}

const llm = (env: Env): LlmConfig | undefined => {
  const baseUrl = url(env, 'OVERSEER_LLM_BASE_URL', ['http:', 'https:'])
  if (baseUrl === undefined) return undefined
  const trimmed = baseUrl.replace(/\/+$/, '')
  return {
    baseUrl: trimmed,
    apiKey: read(env, 'OVERSEER_LLM_API_KEY'),
    models: llmModels(env),
    timeoutMs: integer(env, 'OVERSEER_LLM_TIMEOUT_MS', 30_000, 100, 600_000),
    providerName: read(env, 'OVERSEER_LLM_PROVIDER') ?? providerNameFor(trimmed),
  }
}

/** APPROVAL_GATES: `planning,development,deployment` or any subset, in the pipeline's order. */
const approvalGates = (env: Env): GateKind[] => {
  const value = read(env, 'APPROVAL_GATES')
  if (value === undefined) return []
  const names = value.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean)
  if (names.length === 0 || names.some((name) => !(GATE_KINDS as readonly string[]).includes(name))) {
    return fail('APPROVAL_GATES', `a comma-separated list of ${GATE_KINDS.join(', ')}`, value)
  }
  return GATE_KINDS.filter((gate) => names.includes(gate))
}

const REDIS_PREFIX = /^[A-Za-z0-9_.:-]{1,64}$/

const redisPrefix = (env: Env): string => {
  const value = read(env, 'REDIS_PREFIX')
  if (value === undefined) return 'overseer'
  return REDIS_PREFIX.test(value) ? value : fail('REDIS_PREFIX', 'letters, digits, `.`, `_`, `:` or `-` (at most 64)', value)
}

/**
 * BUILD_CONCURRENCY's default: one build per core but one, at least one. A build's busy parts
 * (the offline engine, a sandboxed test run's node processes) take a core each; the core left
 * over keeps the server's own answers (health, chat, docs) quick while builds queue. A build
 * that mostly waits on a remote model gains from a higher setting.
 */
export const defaultBuildConcurrency = (cores: number = os.availableParallelism()): number => Math.max(1, cores - 1)

/** The repo's top-level `docs/` (this file is server/src/config.ts). */
const DEFAULT_DOCS_DIR = path.resolve(__dirname, '../../../docs')

/** Reads and validates the server's settings once; a bad value throws a ConfigError naming it. */
export const loadConfig = (env: Env = process.env): Config => {
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'])
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:'])
  if (redisUrl && !databaseUrl) {
    throw new ConfigError(
      'REDIS_URL needs DATABASE_URL: several processes (servers and workers) need a shared PostgreSQL database; the embedded one serves a single process',
    )
  }
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? './data')
  const port = integer(env, 'PORT', 8080, 0, 65535)
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    redisUrl,
    redisPrefix: redisPrefix(env),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    staticDir: path.resolve(read(env, 'STATIC_DIR') ?? 'dist'),
    trustProxy: trustProxy(env),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000),
    allowedOrigins: origins(env, 'ALLOWED_ORIGINS'),
    rateLimitForms: integer(env, 'RATE_LIMIT_FORMS', 5, 1, Number.MAX_SAFE_INTEGER),
    loginLimits: {
      perIp: {
        max: integer(env, 'RATE_LIMIT_LOGIN_IP', 20, 1, Number.MAX_SAFE_INTEGER),
        windowMs: integer(env, 'RATE_LIMIT_LOGIN_IP_WINDOW', 900, 1, DAY_SECONDS) * 1000,
      },
      perAccount: {
        max: integer(env, 'RATE_LIMIT_LOGIN_ACCOUNT', 10, 1, Number.MAX_SAFE_INTEGER),
        windowMs: integer(env, 'RATE_LIMIT_LOGIN_ACCOUNT_WINDOW', 300, 1, DAY_SECONDS) * 1000,
      },
    },
    admin: firstAdmin(env),
    siteMode: oneOf(env, 'SITE_MODE', SITE_MODES, 'public'),
    seedDemo: oneOf(env, 'SEED_DEMO', ['true', 'false'], 'true') === 'true',
    nodeEnv: oneOf(env, 'NODE_ENV', NODE_ENVS, 'development'),
    chat: {
      llm: llm(env),
      defaultModel: read(env, 'OVERSEER_DEFAULT_MODEL'),
      rateLimitPerOwner: integer(env, 'RATE_LIMIT_CHAT', 20, 1, Number.MAX_SAFE_INTEGER),
      // A backstop against one machine minting visitors, not a share per person: one IP can be an
      // office or a campus behind NAT (30 people each building and asking at once). What builds
      // cost the host is bounded by the build queue (BUILD_CONCURRENCY, BUILD_QUEUE_PER_OWNER) instead.
      rateLimitPerIp: integer(env, 'RATE_LIMIT_CHAT_IP', 300, 1, Number.MAX_SAFE_INTEGER),
      docsDir: path.resolve(read(env, 'OVERSEER_DOCS_DIR') ?? DEFAULT_DOCS_DIR),
    },
    builds: {
      legacyDownloadsDir: path.resolve(read(env, 'OVERSEER_DOWNLOADS_DIR') ?? path.join(dataDir, 'downloads')),
      stageTimeoutMs: integer(env, 'BUILD_STAGE_TIMEOUT_MS', 60_000, 10, 3_600_000),
      approvalGates: approvalGates(env),
      // At most 7 days: longer than a timer can run, and a build should not wait longer anyway.
      approvalTimeoutMs: integer(env, 'APPROVAL_TIMEOUT_MS', 86_400_000, 100, 604_800_000),
      clarificationTimeoutMs: integer(env, 'CLARIFICATION_TIMEOUT_MS', 86_400_000, 100, 604_800_000),
      sandbox: oneOf(env, 'BUILD_SANDBOX', ['bwrap', 'none'] as const, 'bwrap'),
      sandboxLimits: {
        wallMs: integer(env, 'SANDBOX_TIMEOUT_MS', 60_000, 1_000, 600_000),
        cpuSeconds: integer(env, 'SANDBOX_CPU_SECONDS', 30, 1, 600),
        memoryMb: integer(env, 'SANDBOX_MEMORY_MB', 512, 64, 16_384),
        diskMb: integer(env, 'SANDBOX_DISK_MB', 256, 16, 16_384),
        processes: integer(env, 'SANDBOX_MAX_PROCESSES', 256, 16, 4_096),
        outputBytes: integer(env, 'SANDBOX_OUTPUT_BYTES', 65_536, 1_024, 16_777_216),
      },
      maxIterations: integer(env, 'BUILD_MAX_ITERATIONS', 6, 1, 50),
      maxTokens: integer(env, 'BUILD_MAX_TOKENS', 200_000, 1_000, 10_000_000),
      maxAttempts: integer(env, 'BUILD_MAX_ATTEMPTS', 2, 1, 10),
      takeoverMs: integer(env, 'BUILD_TAKEOVER_MS', 20_000, 1_000, 600_000),
      concurrency: integer(env, 'BUILD_CONCURRENCY', defaultBuildConcurrency(), 1, 1_000),
      queuePerOwner: integer(env, 'BUILD_QUEUE_PER_OWNER', 2, 1, 1_000),
    },
    previews: {
      port: integer(env, 'PREVIEW_PORT', port === 0 || port === 65535 ? 0 : port + 1, 0, 65535),
      origin: previewOrigin(env),
      max: integer(env, 'PREVIEW_MAX', 8, 1, 1_000),
      idleMs: integer(env, 'PREVIEW_IDLE_MS', 600_000, 1_000, 86_400_000),
      maxMs: integer(env, 'PREVIEW_MAX_MS', 1_800_000, 1_000, 86_400_000),
      agentPort: integer(env, 'PREVIEW_AGENT_PORT', 0, 0, 65535),
      agentAddress: httpOrigin(env, 'PREVIEW_AGENT_ADDRESS', 'http://10.0.0.5:8090'),
    },
  }
}

/** An origin setting (scheme, host and port only), or undefined when unset. */
const httpOrigin = (env: Env, name: string, example: string): string | undefined => {
  const value = read(env, name)
  if (value === undefined) return undefined
  let parsed: URL | undefined
  try {
    parsed = new URL(value)
  } catch {
    parsed = undefined
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(`${name} must be an origin such as ${example} (scheme, host and port only), not "${value}"`)
  }
  return parsed.origin
}

/** PREVIEW_ORIGIN: an origin (scheme, host and port only), or undefined. */
const previewOrigin = (env: Env): string | undefined => httpOrigin(env, 'PREVIEW_ORIGIN', 'https://preview.example.com')

import { execFile } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { ConfigError, defaultBuildConcurrency, loadConfig } from '../src/config'

const expectConfigError = (env: Record<string, string>, message: string | RegExp): void => {
  expect(() => loadConfig(env)).toThrow(ConfigError)
  expect(() => loadConfig(env)).toThrow(message)
}

describe('loadConfig', () => {
  it('uses the defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      redisUrl: undefined,
      redisPrefix: 'overseer',
      logLevel: 'info',
      staticDir: path.resolve('dist'),
      trustProxy: false,
      requestTimeoutMs: 30_000,
      allowedOrigins: [],
      rateLimitForms: 5,
      loginLimits: { perIp: { max: 20, windowMs: 900_000 }, perAccount: { max: 10, windowMs: 300_000 } },
      admin: undefined,
      siteMode: 'public',
      nodeEnv: 'development',
      chat: {
        llm: undefined,
        defaultModel: undefined,
        rateLimitPerOwner: 20,
        rateLimitPerIp: 300,
        docsDir: path.resolve(__dirname, '../../docs'),
      },
      builds: {
        legacyDownloadsDir: path.resolve('data', 'downloads'),
        stageTimeoutMs: 60_000,
        approvalGates: [],
        approvalTimeoutMs: 86_400_000,
        clarificationTimeoutMs: 86_400_000,
        sandbox: 'bwrap',
        sandboxLimits: { wallMs: 60_000, cpuSeconds: 30, memoryMb: 512, diskMb: 256, processes: 256, outputBytes: 65_536 },
        maxIterations: 6,
        maxTokens: 200_000,
        concurrency: defaultBuildConcurrency(),
        queuePerOwner: 2,
        maxAttempts: 2,
        takeoverMs: 20_000,
      },
      previews: { port: 8081, origin: undefined, max: 8, idleMs: 600_000, maxMs: 1_800_000, agentPort: 0, agentAddress: undefined },
      seedDemo: true,
    })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      DATA_DIR: '/var/lib/overseer',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'overseer-staging',
      LOG_LEVEL: 'debug',
      STATIC_DIR: '/srv/spa',
      TRUST_PROXY: '2',
      REQUEST_TIMEOUT_MS: '10000',
      ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:3000/',
      RATE_LIMIT_FORMS: '10',
      RATE_LIMIT_LOGIN_IP: '50',
      RATE_LIMIT_LOGIN_IP_WINDOW: '600',
      RATE_LIMIT_LOGIN_ACCOUNT: '5',
      RATE_LIMIT_LOGIN_ACCOUNT_WINDOW: '120',
      ADMIN_EMAIL: ' Admin@Example.com ',
      ADMIN_PASSWORD: ' a passphrase ',
      SITE_MODE: 'prelaunch',
      NODE_ENV: 'production',
      OVERSEER_LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      OVERSEER_LLM_API_KEY: 'sk-test',
      OVERSEER_LLM_MODELS: 'gpt-4o-mini=0.00015, llama3.1:8b',
      OVERSEER_LLM_TIMEOUT_MS: '5000',
      OVERSEER_LLM_PROVIDER: 'Ollama',
      OVERSEER_DEFAULT_MODEL: 'llama3.1:8b',
      RATE_LIMIT_CHAT: '30',
      RATE_LIMIT_CHAT_IP: '90',
      OVERSEER_DOCS_DIR: '/srv/docs',
      OVERSEER_DOWNLOADS_DIR: '/srv/downloads',
      BUILD_STAGE_TIMEOUT_MS: '5000',
      APPROVAL_GATES: 'deployment, planning',
      APPROVAL_TIMEOUT_MS: '3600000',
      CLARIFICATION_TIMEOUT_MS: '7200000',
      BUILD_SANDBOX: 'none',
      SANDBOX_TIMEOUT_MS: '20000',
      SANDBOX_CPU_SECONDS: '10',
      SANDBOX_MEMORY_MB: '256',
      SANDBOX_DISK_MB: '128',
      SANDBOX_MAX_PROCESSES: '64',
      SANDBOX_OUTPUT_BYTES: '4096',
      BUILD_MAX_ITERATIONS: '3',
      BUILD_MAX_TOKENS: '50000',
      BUILD_MAX_ATTEMPTS: '3',
      BUILD_TAKEOVER_MS: '10000',
      BUILD_CONCURRENCY: '3',
      BUILD_QUEUE_PER_OWNER: '4',
      PREVIEW_PORT: '3100',
      PREVIEW_ORIGIN: 'https://preview.example.com',
      PREVIEW_MAX: '2',
      PREVIEW_IDLE_MS: '60000',
      PREVIEW_MAX_MS: '300000',
      PREVIEW_AGENT_PORT: '8090',
      PREVIEW_AGENT_ADDRESS: 'http://10.0.0.5:8090',
      SEED_DEMO: 'false',
    })
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      dataDir: '/var/lib/overseer',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'overseer-staging',
      logLevel: 'debug',
      staticDir: '/srv/spa',
      trustProxy: 2,
      requestTimeoutMs: 10_000,
      allowedOrigins: ['https://app.example.com', 'http://localhost:3000'],
      rateLimitForms: 10,
      loginLimits: { perIp: { max: 50, windowMs: 600_000 }, perAccount: { max: 5, windowMs: 120_000 } },
      // The address is normalised; the password is kept exactly, spaces included.
      admin: { email: 'admin@example.com', password: ' a passphrase ' },
      siteMode: 'prelaunch',
      nodeEnv: 'production',
      chat: {
        llm: {
          baseUrl: 'http://127.0.0.1:11434/v1',
          apiKey: 'sk-test',
          models: [
            { name: 'gpt-4o-mini', costPer1kTokens: 0.00015 },
            { name: 'llama3.1:8b', costPer1kTokens: null },
          ],
          timeoutMs: 5000,
          providerName: 'Ollama',
        },
        defaultModel: 'llama3.1:8b',
        rateLimitPerOwner: 30,
        rateLimitPerIp: 90,
        docsDir: '/srv/docs',
      },
      builds: {
        legacyDownloadsDir: '/srv/downloads',
        stageTimeoutMs: 5000,
        approvalGates: ['planning', 'deployment'],
        approvalTimeoutMs: 3_600_000,
        clarificationTimeoutMs: 7_200_000,
        sandbox: 'none',
        sandboxLimits: { wallMs: 20_000, cpuSeconds: 10, memoryMb: 256, diskMb: 128, processes: 64, outputBytes: 4096 },
        maxIterations: 3,
        maxTokens: 50_000,
        maxAttempts: 3,
        takeoverMs: 10_000,
        concurrency: 3,
        queuePerOwner: 4,
      },
      previews: { port: 3100, origin: 'https://preview.example.com', max: 2, idleMs: 60_000, maxMs: 300_000, agentPort: 8090, agentAddress: 'http://10.0.0.5:8090' },
      seedDemo: false,
    })
  })

  it('serves previews on the port after the site’s unless told, and takes PREVIEW_ORIGIN as an origin only', () => {
    expect(loadConfig({ PORT: '3000' }).previews.port).toBe(3001)
    expect(loadConfig({ PORT: '0' }).previews.port).toBe(0)
    expect(loadConfig({ PREVIEW_ORIGIN: 'http://localhost:9000/' }).previews.origin).toBe('http://localhost:9000')
    expectConfigError({ PREVIEW_ORIGIN: 'https://preview.example.com/app' }, /^PREVIEW_ORIGIN must be an origin/)
    expectConfigError({ PREVIEW_ORIGIN: 'ftp://preview.example.com' }, /^PREVIEW_ORIGIN must be an origin/)
    expectConfigError({ PREVIEW_MAX: '0' }, 'PREVIEW_MAX')
    expectConfigError({ PREVIEW_AGENT_ADDRESS: '10.0.0.5:8090' }, /^PREVIEW_AGENT_ADDRESS must be an origin/)
    expectConfigError({ PREVIEW_IDLE_MS: '10' }, 'PREVIEW_IDLE_MS')
  })

  it('looks for legacy build archives under DATA_DIR unless told, and rejects an unusable stage timeout', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/overseer' }).builds.legacyDownloadsDir).toBe('/var/lib/overseer/downloads')
    expectConfigError({ BUILD_STAGE_TIMEOUT_MS: '5' }, 'BUILD_STAGE_TIMEOUT_MS')
    expectConfigError({ SEED_DEMO: 'no' }, 'SEED_DEMO')
  })

  it('runs generated code in bubblewrap unless told otherwise, with bounded limits', () => {
    const { builds } = loadConfig({})
    expect([builds.sandbox, builds.sandboxLimits, builds.maxIterations]).toEqual(['bwrap', { wallMs: 60_000, cpuSeconds: 30, memoryMb: 512, diskMb: 256, processes: 256, outputBytes: 65_536 }, 6])
    expectConfigError({ BUILD_SANDBOX: 'docker' }, 'BUILD_SANDBOX must be one of bwrap, none, got "docker"')
    expectConfigError({ SANDBOX_MEMORY_MB: '1' }, 'SANDBOX_MEMORY_MB')
    expectConfigError({ SANDBOX_DISK_MB: '1' }, 'SANDBOX_DISK_MB')
    expectConfigError({ SANDBOX_MAX_PROCESSES: 'many' }, 'SANDBOX_MAX_PROCESSES')
    expectConfigError({ BUILD_MAX_ITERATIONS: '0' }, 'BUILD_MAX_ITERATIONS')
  })

  it('reads the approval gates in pipeline order and names APPROVAL_GATES or APPROVAL_TIMEOUT_MS when unusable', () => {
    expect(loadConfig({ APPROVAL_GATES: 'Deployment,development,planning' }).builds.approvalGates).toEqual(['planning', 'development', 'deployment'])
    expect(loadConfig({ APPROVAL_GATES: 'development,development' }).builds.approvalGates).toEqual(['development'])
    expect(loadConfig({ APPROVAL_GATES: ' ' }).builds.approvalGates).toEqual([])
    expectConfigError(
      { APPROVAL_GATES: 'planning,review' },
      'APPROVAL_GATES must be a comma-separated list of planning, development, deployment, got "planning,review"',
    )
    expectConfigError({ APPROVAL_GATES: ',' }, 'APPROVAL_GATES')
    expectConfigError({ APPROVAL_TIMEOUT_MS: '10' }, 'APPROVAL_TIMEOUT_MS')
    expectConfigError({ APPROVAL_TIMEOUT_MS: '1 day' }, 'APPROVAL_TIMEOUT_MS')
    expectConfigError({ APPROVAL_TIMEOUT_MS: '604800001' }, 'APPROVAL_TIMEOUT_MS')
  })

  it('names the OpenAI-compatible provider after its host unless told', () => {
    expect(loadConfig({ OVERSEER_LLM_BASE_URL: 'https://api.openai.com/v1' }).chat.llm).toMatchObject({
      providerName: 'OpenAI',
      models: undefined,
      apiKey: undefined,
      timeoutMs: 30_000,
    })
    expect(loadConfig({ OVERSEER_LLM_BASE_URL: 'http://localhost:8000/v1' }).chat.llm?.providerName).toBe('localhost:8000')
  })

  it('rejects unusable chat settings', () => {
    expectConfigError({ OVERSEER_LLM_BASE_URL: 'ftp://x' }, 'OVERSEER_LLM_BASE_URL')
    expectConfigError({ OVERSEER_LLM_BASE_URL: 'http://x/v1', OVERSEER_LLM_MODELS: 'a b' }, 'OVERSEER_LLM_MODELS')
    expectConfigError({ OVERSEER_LLM_BASE_URL: 'http://x/v1', OVERSEER_LLM_TIMEOUT_MS: '10' }, 'OVERSEER_LLM_TIMEOUT_MS')
    expectConfigError({ RATE_LIMIT_CHAT: '0' }, 'RATE_LIMIT_CHAT')
  })

  it('runs one build per core but one (at least one) unless told, and names BUILD_CONCURRENCY or BUILD_QUEUE_PER_OWNER when unusable', () => {
    expect([defaultBuildConcurrency(1), defaultBuildConcurrency(2), defaultBuildConcurrency(8)]).toEqual([1, 1, 7])
    expect(loadConfig({}).builds.concurrency).toBe(Math.max(1, os.availableParallelism() - 1))
    expectConfigError({ BUILD_CONCURRENCY: '0' }, 'BUILD_CONCURRENCY')
    expectConfigError({ BUILD_CONCURRENCY: 'all' }, 'BUILD_CONCURRENCY')
    expectConfigError({ BUILD_QUEUE_PER_OWNER: '0' }, 'BUILD_QUEUE_PER_OWNER')
  })

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '  ' })).toMatchObject({ port: 8080, logLevel: 'info' })
  })

  it('accepts TRUST_PROXY true and false', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
  })

  it('names PORT when it is not a port number', () => {
    expectConfigError({ PORT: 'abc' }, 'PORT must be an integer between 0 and 65535, got "abc"')
    expectConfigError({ PORT: '70000' }, /^PORT /)
    expectConfigError({ PORT: '80.5' }, /^PORT /)
  })

  it('refuses REDIS_URL without DATABASE_URL', () => {
    expectConfigError(
      { REDIS_URL: 'redis://127.0.0.1:6379' },
      'REDIS_URL needs DATABASE_URL: several processes (servers and workers) need a shared PostgreSQL database; the embedded one serves a single process',
    )
  })

  it.each([['server/src/server.ts'], ['server/src/worker.ts']])('stops %s at start when REDIS_URL has no DATABASE_URL', async (script) => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const env = { PATH: process.env.PATH ?? '', REDIS_URL: 'redis://127.0.0.1:6379', DATA_DIR: path.join(__dirname, 'no-such-data-dir') }
      execFile(process.execPath, ['--import', 'tsx', script], { cwd: path.resolve(__dirname, '../..'), env, timeout: 20_000 }, (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
      )
    })
    expect(run).toEqual({
      code: 1,
      stderr: 'REDIS_URL needs DATABASE_URL: several processes (servers and workers) need a shared PostgreSQL database; the embedded one serves a single process\n',
    })
  })

  it.each([
    [{ ADMIN_EMAIL: 'admin@example.com' }],
    [{ ADMIN_PASSWORD: 'a long enough password' }],
    [{ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: '   ' }],
  ])('wants ADMIN_EMAIL and ADMIN_PASSWORD together: %p', (env) => {
    expectConfigError(env, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)')
  })

  it('names ADMIN_PASSWORD when it is too short or too long, without echoing it', () => {
    for (const password of ['short', 'x'.repeat(129)]) {
      expect(() => loadConfig({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: password })).toThrow(
        /^ADMIN_PASSWORD is not usable: Password must be at (least 8|most 128) characters$/,
      )
    }
  })

  it('names ADMIN_EMAIL when it is not an address', () => {
    expectConfigError({ ADMIN_EMAIL: 'admin', ADMIN_PASSWORD: 'a long enough password' }, 'ADMIN_EMAIL must be an e-mail address, got "admin"')
  })

  it.each([
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['RATE_LIMIT_FORMS', '0'],
    ['RATE_LIMIT_LOGIN_IP', '0'],
    ['RATE_LIMIT_LOGIN_IP_WINDOW', '86401'],
    ['RATE_LIMIT_LOGIN_ACCOUNT', 'ten'],
    ['RATE_LIMIT_LOGIN_ACCOUNT_WINDOW', '0'],
    ['NODE_ENV', 'staging'],
    ['SITE_MODE', 'beta'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['REDIS_PREFIX', 'two words'],
    ['REQUEST_TIMEOUT_MS', '50'],
    ['REQUEST_TIMEOUT_MS', '30s'],
    ['ALLOWED_ORIGINS', 'app.example.com'],
    ['ALLOWED_ORIGINS', 'https://app.example.com/path'],
    ['ALLOWED_ORIGINS', 'ftp://files.example.com'],
  ])('names %s when its value %p is unusable', (name, value) => {
    expectConfigError({ DATABASE_URL: 'postgres://localhost/db', [name]: value }, new RegExp(`^${name} must be .*, got "${value}"$`))
  })
})

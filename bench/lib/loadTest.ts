import autocannon from 'autocannon'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface LoadTestOptions {
  url: string
  method?: HttpMethod
  /** Called for every request; a fresh body each time (objects are sent as JSON). */
  body?: () => string | object
  headers?: Record<string, string>
  /** Concurrent connections (default 10). */
  connections?: number
  /** Seconds of measured load (default 8). */
  duration?: number
  /** Seconds of unmeasured load first, so the server's JIT and caches warm up (default 1). */
  warmup?: number
  title?: string
}

export interface LoadTestResult {
  title: string
  url: string
  method: HttpMethod
  connections: number
  durationSeconds: number
  requestsTotal: number
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP90Ms: number
  latencyP99Ms: number
  latencyMaxMs: number
  latencyAverageMs: number
  /** Connection errors, timeouts included. */
  errors: number
  timeouts: number
  non2xx: number
  /** Responses per HTTP status. */
  statusCodes: Record<string, number>
}

const run = async (options: LoadTestOptions, duration: number): Promise<autocannon.Result> => {
  const method = options.method ?? 'GET'
  const factory = options.body
  const headers: Record<string, string> = { ...options.headers }
  if (factory && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json'
  }
  const { pathname, search } = new URL(options.url)
  return autocannon({
    url: options.url,
    connections: options.connections ?? 10,
    duration,
    requests: [
      {
        method,
        path: `${pathname}${search}`,
        headers,
        ...(factory && {
          setupRequest: (request: autocannon.Request): autocannon.Request => {
            const body = factory()
            return { ...request, body: typeof body === 'string' ? body : JSON.stringify(body) }
          },
        }),
      },
    ],
  })
}

/** Loads one endpoint with autocannon and returns throughput, latency percentiles and failures. */
export const loadTest = async (options: LoadTestOptions): Promise<LoadTestResult> => {
  const warmup = options.warmup ?? 1
  if (warmup > 0) await run(options, warmup)
  const duration = options.duration ?? 8
  const result = await run(options, duration)
  const statusCodes: Record<string, number> = {}
  for (const [code, entry] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = entry.count ?? 0
  return {
    title: options.title ?? `${options.method ?? 'GET'} ${new URL(options.url).pathname}`,
    url: options.url,
    method: options.method ?? 'GET',
    connections: result.connections,
    durationSeconds: result.duration,
    requestsTotal: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP90Ms: result.latency.p90,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    latencyAverageMs: result.latency.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  }
}

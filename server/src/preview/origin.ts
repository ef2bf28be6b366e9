import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PreviewTarget } from './service'

/**
 * The preview origin: an HTTP server of its own (PREVIEW_PORT), never the site's, so a previewed
 * app's scripts cannot read the site's cookies, storage or pages. It answers only previews:
 * `/__overseer/preview/open?token=…` (the link the owner's POST made) sets this origin's cookie
 * and goes to `/`; every other request with that cookie is passed to the app's Unix socket, as
 * it came (the cookie taken out). Anything else is 404. Its answers are kept out of search
 * engines and out of frames but the site's.
 */

export const OPEN_PATH = '/__overseer/preview/open'
export const PREVIEW_COOKIE = 'overseer_preview'
/** A request body the app may get, at most (a preview is a look at the app, not an upload service). */
const MAX_BODY_BYTES = 1024 * 1024

export const ORIGIN_MESSAGES = {
  notFound: 'This preview does not exist, has ended, or its link has expired. Open it again from the chat.',
  notReady: (why: string) => `The app is not answering: ${why}`,
  tooLarge: 'The request body is larger than a preview accepts (1 MiB).',
} as const

export interface PreviewOriginOptions {
  /** The preview a link token (from the cookie or the open link) opens, if any. */
  find: (token: string) => PreviewTarget | undefined
  /** The site's origins whose pages may frame a preview (`frame-ancestors`). */
  frameAncestors: (request: IncomingMessage) => string[]
  /** Whether cookies are only sent over HTTPS (the origin is served over HTTPS). */
  secureCookies: boolean
}

/** Headers a hop-by-hop proxy does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'])

const cookieOf = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

/** The Cookie header without the preview's own cookie (the app never sees it). */
const withoutPreviewCookie = (header: string | undefined): string | undefined => {
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${PREVIEW_COOKIE}=`))
  return kept.length > 0 ? kept.join('; ') : undefined
}

/** What the answers' guards need: which pages may frame them. */
type Guarded = Pick<PreviewOriginOptions, 'frameAncestors'>

/** `headers` without the hop-by-hop ones and those `dropped` names. */
const passedHeaders = <T>(headers: Record<string, T | undefined>, dropped: readonly string[] = []): Record<string, T> => {
  const passed: Record<string, T> = {}
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !dropped.includes(name)) passed[name] = value
  return passed
}

const guardHeaders = (request: IncomingMessage, options: Guarded): Record<string, string> => ({
  'x-robots-tag': 'noindex, nofollow',
  'content-security-policy': `frame-ancestors 'self' ${options.frameAncestors(request).join(' ')}`.trim(),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
})

const sendText = (request: IncomingMessage, response: ServerResponse, options: Guarded, status: number, text: string): void => {
  response.writeHead(status, { ...guardHeaders(request, options), 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  response.end(text)
}

/** The request line the console shows: `GET /api/todos → 200 (12 ms)`. */
const requestLine = (method: string, url: string, status: number | string, startedAt: number): string =>
  `${method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url} → ${status} (${Math.round(performance.now() - startedAt)} ms)`

/** The preview origin's handler: what `createPreviewOrigin` serves, and a worker's preview agent too. */
export const previewOriginHandler = (options: PreviewOriginOptions): ((request: IncomingMessage, response: ServerResponse) => void) => {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://preview.invalid')
    if (url.pathname === OPEN_PATH) {
      const token = url.searchParams.get('token') ?? ''
      if (!options.find(token)) return sendText(request, response, options, 404, ORIGIN_MESSAGES.notFound)
      response.writeHead(302, {
        ...guardHeaders(request, options),
        location: '/',
        'cache-control': 'no-store',
        'set-cookie': `${PREVIEW_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${options.secureCookies ? '; Secure' : ''}`,
      })
      return response.end()
    }
    const token = cookieOf(request.headers.cookie, PREVIEW_COOKIE)
    const target = token ? options.find(token) : undefined
    if (!target) return sendText(request, response, options, 404, ORIGIN_MESSAGES.notFound)
    const declared = Number(request.headers['content-length'] ?? 0)
    if (declared > MAX_BODY_BYTES) {
      target.failed(requestLine(request.method ?? 'GET', request.url ?? '/', 413, performance.now()))
      return sendText(request, response, options, 413, ORIGIN_MESSAGES.tooLarge)
    }
    const startedAt = performance.now()
    const method = request.method ?? 'GET'
    const path = request.url ?? '/'
    let socketPath: string
    try {
      socketPath = await target.ready()
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      target.failed(`${requestLine(method, path, 502, startedAt)}: ${why}`)
      return sendText(request, response, options, 502, ORIGIN_MESSAGES.notReady(why))
    }
    const headers: IncomingHttpHeaders = passedHeaders(request.headers, ['cookie'])
    const cookie = withoutPreviewCookie(request.headers.cookie)
    if (cookie) headers.cookie = cookie
    const upstream = httpRequest({ socketPath, method, path, headers })
    let received = 0
    request.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > MAX_BODY_BYTES) {
        upstream.destroy()
        if (!response.headersSent) sendText(request, response, options, 413, ORIGIN_MESSAGES.tooLarge)
        request.destroy()
      }
    })
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...passedHeaders(answer.headers, ['content-security-policy', 'x-frame-options']), ...guardHeaders(request, options) })
      answer.pipe(response)
      answer.on('end', () => target.requested(requestLine(method, path, answer.statusCode ?? 502, startedAt)))
    })
    upstream.on('error', (error) => {
      target.failed(`${requestLine(method, path, 502, startedAt)}: ${error.message}`)
      if (!response.headersSent) sendText(request, response, options, 502, ORIGIN_MESSAGES.notReady(error.message))
      else response.destroy()
    })
    request.pipe(upstream)
  }
  return (request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendText(request, response, options, 502, ORIGIN_MESSAGES.notReady('the preview failed'))
      else response.destroy()
    })
  }
}

export const createPreviewOrigin = (options: PreviewOriginOptions): Server => createServer(previewOriginHandler(options))

/**
 * The link token a request to the preview origin carries: the open link's `token`, else the
 * preview's cookie. What a web server of a scaled-out installation finds the preview's worker by.
 */
export const previewTokenOf = (request: IncomingMessage): string | undefined => {
  const url = new URL(request.url ?? '/', 'http://preview.invalid')
  return url.pathname === OPEN_PATH ? (url.searchParams.get('token') ?? undefined) : cookieOf(request.headers.cookie, PREVIEW_COOKIE)
}

/**
 * A preview origin that passes every request, as it came (its Host and cookie too), to the
 * worker that runs its preview (`locate`, by its token); 404 when none does.
 */
export const createForwardingOrigin = (options: Guarded & { locate: (token: string) => Promise<{ host: string; port: number } | undefined> }): Server =>
  createServer((request, response) => {
    const token = previewTokenOf(request)
    void (token ? options.locate(token) : Promise.resolve(undefined)).then(
      (agent) => {
        if (!agent) return sendText(request, response, options, 404, ORIGIN_MESSAGES.notFound)
        const upstream = httpRequest({ ...agent, method: request.method, path: request.url, headers: passedHeaders(request.headers) })
        upstream.on('response', (answer) => {
          response.writeHead(answer.statusCode ?? 502, passedHeaders(answer.headers))
          answer.pipe(response)
        })
        upstream.on('error', (error) => {
          if (!response.headersSent) sendText(request, response, options, 502, ORIGIN_MESSAGES.notReady(error.message))
          else response.destroy()
        })
        request.pipe(upstream)
      },
      () => sendText(request, response, options, 404, ORIGIN_MESSAGES.notFound),
    )
  })

/** Where a listening origin server is, as `http://host:port` for `hostname`. */
export const listeningPort = (server: Server): number => (server.address() as AddressInfo).port

import swagger from '@fastify/swagger'
import type { FastifySchema, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import packageJson from '../../../../package.json'
import { errorResponse } from '../../http/schemas'

export const OPENAPI_PATH = '/api/openapi.json'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** `GET /api/overseer-dev/chat/history/:id` → `getOverseerDevChatHistoryById`. */
export const operationIdOf = (method: string, url: string): string => {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean)
  return [method.toLowerCase(), ...words.map((word) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`)].join('')
}

/**
 * The answers a route can give whatever its own schema says, because they come from the layers
 * in front of it: path parameters (400 when invalid, 414 over the router's 100 characters), a
 * query (400), a request body (400 malformed, 413 too large, 415 another content type), a rate
 * limit (429) and a failure (500). A route's own description of a status wins.
 */
export const statusesOf = (method: string, url: string, schema: FastifySchema, rateLimited: boolean): Record<string, unknown> => ({
  ...((url.includes(':') || schema.params !== undefined) && {
    400: errorResponse('Invalid path parameter; `errors` names it'),
    414: errorResponse('A path parameter is over 100 characters'),
  }),
  ...(schema.querystring !== undefined && { 400: errorResponse('Invalid query; `errors` names each invalid parameter') }),
  ...(BODY_METHODS.has(method) && {
    400: errorResponse('Invalid input: malformed JSON, or `errors` names each invalid field'),
    413: errorResponse('Request body too large'),
    415: errorResponse('Unsupported content type (send application/json, or no body)'),
  }),
  ...(rateLimited && { 429: errorResponse('Too many requests; see the Retry-After header') }),
  500: errorResponse('Internal server error'),
})

/** Completes each operation for clients generated from the document (see `statusesOf`). */
/**
 * A wildcard route (`/files/*`) as the document shows it: a `{path}` parameter, described by the
 * route's `*` parameter schema, instead of a `{*}` no client generator can name.
 */
const namedWildcard = (url: string, schema: FastifySchema): { url: string; schema: FastifySchema } => {
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined
  if (!url.endsWith('*') || !params?.properties?.['*']) return { url, schema }
  const { '*': wildcard, ...rest } = params.properties
  return {
    url: `${url.slice(0, -1)}:path`,
    schema: {
      ...schema,
      params: { ...params, properties: { ...rest, path: wildcard }, required: (params.required ?? []).map((name) => (name === '*' ? 'path' : name)) },
    },
  }
}

const completeOperation = ({ schema: routeSchema, url: routeUrl, route }: { schema: FastifySchema; url: string; route: RouteOptions }) => {
  if (!routeSchema || routeSchema.hide) return { schema: routeSchema, url: routeUrl }
  const { url, schema } = namedWildcard(routeUrl, routeSchema)
  const method = [route.method].flat()[0]?.toUpperCase() ?? 'GET'
  const rateLimited = typeof route.config === 'object' && route.config !== null && 'rateLimit' in route.config
  const own = (schema.response ?? {}) as Record<string, unknown>
  return {
    url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, url),
      // Operations that name no scheme need none: say so, rather than leave it unsaid.
      security: schema.security ?? [],
      response: { ...statusesOf(method, url, schema, rateLimited), ...own },
    },
  }
}

/** OpenAPI 3 generated from the route schemas; must be registered before the routes. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Overseer API',
          description: 'The JSON API of the Overseer server. Errors answer `{ success: false, message, errors? }`.',
          version: packageJson.version,
          license: { name: 'Proprietary', url: 'https://overseerlabs.ai/terms' },
        },
        servers: [{ url: '/', description: 'The server that serves this document' }],
        tags: [
          { name: 'system', description: 'Service health' },
          { name: 'leads', description: 'Newsletter, waitlist and contact forms' },
          { name: 'auth', description: 'Staff sign-in and sessions' },
          { name: 'architect', description: 'The Architect Suite (staff only; each route needs a permission)' },
        ],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/auth/login' },
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: 'overseer_session',
              description: 'Set at sign-in; `__Host-overseer_session` over HTTPS',
            },
          },
        },
      },
      transform: completeOperation,
    })

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
  },
  { name: 'openapi' },
)

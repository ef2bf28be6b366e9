import swagger from '@fastify/swagger'
import fp from 'fastify-plugin'
import packageJson from '../../../package.json'

export const OPENAPI_PATH = '/api/openapi.json'

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
        },
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
    })

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
  },
  { name: 'openapi' },
)

import type { FastifyPluginAsync } from 'fastify'
import architectRoutes from './architect'
import authRoutes from './auth'
import contactRoutes from './contact'
import healthRoutes from './health'
import newsletterRoutes from './newsletter'
import buildRoutes from './builds'
import chatRoutes from './chat'
import sessionRoutes from './sessions'
import waitlistRoutes from './waitlist'

const IDENTITY_HEADERS = ['Cookie', 'Authorization']

/** Adds `names` to a Vary header value, keeping what is there and never listing one twice. */
export const withVary = (current: string | number | string[] | undefined, names: readonly string[]): string => {
  const listed = [current ?? []].flat().join(',').split(',').map((name) => name.trim()).filter(Boolean)
  const missing = names.filter((name) => !listed.some((other) => other.toLowerCase() === name.toLowerCase()))
  return [...listed, ...missing].join(', ')
}

/**
 * Every resource under `/api`, one folder each. API answers depend on who asks (a user's or a
 * visitor's own data, a staff member's permissions), so none may be kept by a shared cache: each
 * says `Cache-Control: no-store` unless its route chose otherwise, and `Vary: Cookie, Authorization`.
 */
const apiRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store')
    void reply.header('vary', withVary(reply.getHeader('vary'), IDENTITY_HEADERS))
    return payload
  })
  await app.register(healthRoutes, { prefix: '/health' })
  await app.register(newsletterRoutes, { prefix: '/newsletter' })
  await app.register(contactRoutes, { prefix: '/contact' })
  await app.register(waitlistRoutes, { prefix: '/waitlist' })
  await app.register(authRoutes, { prefix: '/auth' })
  await app.register(architectRoutes, { prefix: '/architect' })
  // The spec's URLs: chat under /overseer-dev, builds under /overseer; a realtime session (a chat
  // reply's or a build's) is found and stopped under /overseer-dev/sessions.
  await app.register(chatRoutes, { prefix: '/overseer-dev' })
  await app.register(sessionRoutes, { prefix: '/overseer-dev/sessions' })
  await app.register(buildRoutes, { prefix: '/overseer' })
}

export default apiRoutes

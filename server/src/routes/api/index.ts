import type { FastifyPluginAsync } from 'fastify'
import architectRoutes from './architect'
import authRoutes from './auth'
import contactRoutes from './contact'
import healthRoutes from './health'
import newsletterRoutes from './newsletter'
import overseerRoutes from './overseer'
import overseerDevRoutes from './overseer-dev'
import waitlistRoutes from './waitlist'

/** Every resource under `/api`, one folder each. */
const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/health' })
  await app.register(newsletterRoutes, { prefix: '/newsletter' })
  await app.register(contactRoutes, { prefix: '/contact' })
  await app.register(waitlistRoutes, { prefix: '/waitlist' })
  await app.register(authRoutes, { prefix: '/auth' })
  await app.register(architectRoutes, { prefix: '/architect' })
  await app.register(overseerDevRoutes, { prefix: '/overseer-dev' })
  await app.register(overseerRoutes, { prefix: '/overseer' })
}

export default apiRoutes

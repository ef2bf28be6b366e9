import fp from 'fastify-plugin'
import { createSessionOwnerRepository, type SessionOwnerRepository } from './sessionOwners'

declare module 'fastify' {
  interface FastifyInstance {
    /** Who owns each realtime session id: a chat reply's or a build's. */
    sessionOwners: SessionOwnerRepository
  }
}

const SWEEP_INTERVAL_MS = 60_000
/** Session ids are kept this long (a build may run long; a chat reply is done in minutes). */
const SESSION_OWNER_TTL_MS = 7 * 24 * 60 * 60_000

/**
 * Who is asking: the realtime sessions' owners (a visitor's chat reply or build claims its session
 * id, and only its owner may join its socket room or stop it), used by chat, builds and the socket
 * handshake alike. Session ids unused for a week are forgotten.
 */
export default fp(
  async (app) => {
    const sessionOwners = createSessionOwnerRepository(app.db)
    app.decorate('sessionOwners', sessionOwners)

    const sweeper = setInterval(() => {
      void sessionOwners.sweep(SESSION_OWNER_TTL_MS).catch((err: unknown) => app.log.warn({ err }, 'session owner sweep failed'))
    }, SWEEP_INTERVAL_MS).unref()
    app.addHook('onClose', async () => clearInterval(sweeper))
  },
  { name: 'sessions', dependencies: ['config', 'db'] },
)

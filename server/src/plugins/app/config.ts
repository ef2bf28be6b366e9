import fp from 'fastify-plugin'
import type { Config } from '../../config'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

/** Decorates `app.config` with the settings read at start-up. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config)
  },
  { name: 'config' },
)

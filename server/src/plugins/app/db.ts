import fp from 'fastify-plugin'
import type { Database } from '../../db'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
  }
}

/** Decorates `app.db`. The app borrows the database: whoever opened it closes it. */
export default fp<{ db: Database }>(
  async (app, { db }) => {
    app.decorate('db', db)
  },
  { name: 'db' },
)

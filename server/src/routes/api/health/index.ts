import type { FastifyPluginAsync } from 'fastify'

const healthBody = (status: 'ok' | 'error') =>
  ({
    description: status === 'ok' ? 'Every dependency answers' : 'A dependency failed',
    type: 'object',
    required: ['status', 'checks'],
    properties: {
      status: { type: 'string', const: status },
      checks: {
        type: 'object',
        required: ['database'],
        properties: { database: { type: 'string', enum: ['ok', 'error'] } },
      },
    },
  }) as const

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['system'],
        summary: 'Service health',
        description: 'Checks that the database answers. For load balancers and the System Status page.',
        response: { 200: healthBody('ok'), 503: healthBody('error') },
      },
    },
    async (request, reply) => {
      try {
        await app.db.query('select 1')
        return { status: 'ok', checks: { database: 'ok' } }
      } catch (err) {
        request.log.warn({ err }, 'health check: database unavailable')
        return reply.code(503).send({ status: 'error', checks: { database: 'error' } })
      }
    },
  )
}

export default healthRoutes

import type { FastifyPluginAsync } from 'fastify'
import { checkHealth, HEALTH_TIMEOUTS_MS, type HealthProbes } from '../../../health/health'
import { ProviderProbe } from '../../../health/providerProbe'

const checkStatus = (what: string) => ({ type: 'string', enum: ['ok', 'error'], description: what }) as const

const healthBody = (status: 'ok' | 'error') =>
  ({
    description: status === 'ok' ? 'Every dependency answers' : 'A dependency failed or did not answer in time',
    type: 'object',
    required: ['status', 'checkedAt', 'checks'],
    additionalProperties: false,
    properties: {
      status: { type: 'string', const: status },
      checkedAt: { type: 'string', format: 'date-time', description: 'When these checks ran' },
      checks: {
        type: 'object',
        required: ['database', 'queue', 'provider'],
        additionalProperties: false,
        properties: {
          database: checkStatus('`select 1` answers within 2 s'),
          queue: checkStatus('The build queue accepts work: always with the in-process runner; with REDIS_URL, Redis answers a PING within 1 s'),
          provider: checkStatus(
            'The model provider: always ok for the built-in overseer-local engine; with OVERSEER_LLM_BASE_URL, its `GET /models` answers 2xx within 2 s (the result is kept 30 s)',
          ),
        },
      },
    },
  }) as const

/** Service health for load balancers and the dashboard's System Status (D10). Public: statuses only. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  const llm = app.config.chat.llm
  const provider = llm
    ? new ProviderProbe(llm, { onFailure: (reason) => app.log.warn({ provider: llm.providerName, reason }, 'health check: model provider unreachable') })
    : undefined

  const probes: HealthProbes = {
    database: async () => {
      await app.db.query('select 1')
      return true
    },
    queue: () => app.buildQueueAnswers(HEALTH_TIMEOUTS_MS.queue),
    // overseer-local runs in this process: it is there whenever the server answers.
    provider: () => (provider ? provider.reachable() : Promise.resolve(true)),
  }

  app.get(
    '',
    {
      schema: {
        tags: ['system'],
        summary: 'Service health',
        description:
          'Checks the database, the build queue and the model provider, each under a timeout, and answers 503 when one fails. No session needed: for load balancers and the System Status panel.',
        response: { 200: healthBody('ok'), 503: healthBody('error') },
      },
    },
    async (request, reply) => {
      const report = await checkHealth(probes)
      if (report.checks.database === 'error') request.log.warn('health check: database unavailable')
      if (report.checks.queue === 'error') request.log.warn('health check: build queue unavailable')
      return reply.code(report.status === 'ok' ? 200 : 503).send(report)
    },
  )
}

export default healthRoutes

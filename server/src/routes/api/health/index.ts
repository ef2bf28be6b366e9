import type { FastifyPluginAsync } from 'fastify'
import { HealthAnswer } from '@contracts/health'
import { checkHealth, HEALTH_TIMEOUTS_MS, type HealthProbes } from '../../../health/health'
import { ProviderProbe } from '../../../health/providerProbe'

/** Service health for load balancers and the dashboard's System Status. Public: statuses only. */
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
        response: { 200: HealthAnswer('ok'), 503: HealthAnswer('error') },
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

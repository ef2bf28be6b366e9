import fp from 'fastify-plugin'
import { refreshStatistics, sweepExpired } from '../../db/retention'

export interface RetentionPluginOptions {
  /** How often expired data is deleted; the first sweep runs one `firstSweepMs` after start. */
  intervalMs?: number
  firstSweepMs?: number
}

const SIX_HOURS_MS = 6 * 60 * 60 * 1000
const ONE_MINUTE_MS = 60 * 1000

/**
 * Deletes what the privacy policy says we no longer keep, a minute after start and then every six
 * hours, then refreshes the planner's statistics.
 */
export default fp<RetentionPluginOptions>(
  async (app, { intervalMs = SIX_HOURS_MS, firstSweepMs = ONE_MINUTE_MS }) => {
    let running: Promise<void> | undefined
    const sweep = () => {
      running ??= sweepExpired(app.db)
        .then(async (result) => {
          await refreshStatistics(app.db)
          if (result.visitorConversations + result.contactMessages + result.sessions > 0) app.log.info({ deleted: result }, 'retention sweep')
        })
        .catch((err: unknown) => app.log.warn({ err }, 'retention sweep failed'))
        .finally(() => {
          running = undefined
        })
    }
    let interval: NodeJS.Timeout | undefined
    const first = setTimeout(() => {
      sweep()
      interval = setInterval(sweep, intervalMs).unref()
    }, firstSweepMs).unref()

    app.addHook('preClose', async () => {
      clearTimeout(first)
      clearInterval(interval)
      await running
    })
  },
  { name: 'retention', dependencies: ['db'] },
)

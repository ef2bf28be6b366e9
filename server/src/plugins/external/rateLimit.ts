import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import type { Config } from '../../config'
import { HttpError } from '../../http/httpError'

/** The `config.rateLimit` of a form route: RATE_LIMIT_FORMS submissions per minute per IP. */
export const formRateLimit = (config: Pick<Config, 'rateLimitForms'>) =>
  ({ max: config.rateLimitForms, timeWindow: 60_000 }) as const

/**
 * Rate limits are opt-in: a route sets `config.rateLimit`. Each such route counts separately,
 * per client IP (which honours TRUST_PROXY). With REDIS_URL the counts are in Redis, shared by
 * every server; if Redis stops answering, these routes go unlimited until it is back, rather
 * than refuse every form (the sign-in and chat limits fall back to this process instead).
 */
export default fp(
  async (app) => {
    const redis = app.limitRedis
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${app.config.redisPrefix}:limits:route:`, skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000))
        return new HttpError(429, `Too many requests. Please try again in ${seconds} seconds.`)
      },
    })
  },
  { name: 'rate-limit', dependencies: ['limits'] },
)

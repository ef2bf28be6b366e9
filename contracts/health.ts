/** What GET /api/health answers: a status per dependency and no more (it is public). */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'

export const CHECK_STATUSES = ['ok', 'error'] as const
export type CheckStatus = (typeof CHECK_STATUSES)[number]

/** The dependencies the server checks, in the order System Status lists them. */
export const HEALTH_CHECKS = ['database', 'queue', 'provider'] as const
export type HealthCheck = (typeof HEALTH_CHECKS)[number]

const checkStatus = (what: string) => Type.Unsafe<CheckStatus>({ type: 'string', enum: [...CHECK_STATUSES], description: what })

const HealthChecks = Type.Object(
  {
    database: checkStatus('`select 1` answers within 2 s'),
    queue: checkStatus('The build queue accepts work: always with the in-process runner; with REDIS_URL, Redis answers a PING within 1 s'),
    provider: checkStatus(
      'The model provider: always ok for the built-in overseer-local engine; with OVERSEER_LLM_BASE_URL, its `GET /models` answers 2xx within 2 s (the result is kept 30 s)',
    ),
  },
  { additionalProperties: false },
)

const checkedAt = Type.String({ format: 'date-time', description: 'When these checks ran' })

/** The report, whatever its status: 200 when every check passed, 503 with the same body when one failed. */
export const HealthReport = Type.Object(
  { status: Type.Unsafe<CheckStatus>({ type: 'string', enum: [...CHECK_STATUSES] }), checkedAt, checks: HealthChecks },
  { additionalProperties: false },
)
export type HealthReport = Static<typeof HealthReport>

/** The report as one status answers it, described for the OpenAPI document. */
export const HealthAnswer = (status: CheckStatus) =>
  Type.Object(
    { status: Type.Literal(status), checkedAt, checks: HealthChecks },
    {
      additionalProperties: false,
      description: status === 'ok' ? 'Every dependency answers' : 'A dependency failed or did not answer in time',
    },
  )

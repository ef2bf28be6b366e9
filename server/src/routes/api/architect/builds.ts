import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import {
  ArchitectBuildParams,
  BUILD_LOG_ENTRIES_MAX,
  BUILDS_PAGE_SIZE,
  BuildDetail,
  BuildListPage,
  BuildListQuery,
  type BuildSummary,
} from '@contracts/architectBuilds'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { createAgentLogRepository as agentLogsIn } from '../../../agentLogs/agentLogRepository'
import { createBuildRepository as buildsIn, type BuildListItem } from '../../../builds/buildRepository'
import { errorResponse } from '../../../http/schemas'
import { HttpError } from '../../../http/httpError'
import type { ModelInfo } from '../../../llm/types'
import { ownerKindOfKey } from '../../../sessions/owner'

/** A build's title when neither its request nor its conversation is kept. */
const UNTITLED = 'Build request'
export const BUILD_NOT_FOUND = 'Build not found'

/** Dollars to a ten-thousandth of a cent: a small model's build costs fractions of a cent. */
const roundCost = (usd: number): number => Math.round(usd * 1e6) / 1e6

const summaryOf = (build: BuildListItem, models: Record<string, ModelInfo>, now: Date): BuildSummary => {
  const tokens = build.promptTokens + build.completionTokens
  const price = Object.hasOwn(models, build.model) ? models[build.model]?.costPer1kTokens ?? null : null
  return {
    sessionId: build.sessionId,
    ownerKind: ownerKindOfKey(build.ownerKey),
    title: build.title ?? build.name ?? UNTITLED,
    kind: build.kind,
    name: build.name,
    status: build.status,
    model: build.model,
    stage: build.stage,
    startedAt: build.createdAt.toISOString(),
    finishedAt: build.finishedAt?.toISOString() ?? null,
    durationMs: Math.max(0, (build.finishedAt ?? now).getTime() - build.createdAt.getTime()),
    iterations: build.iterations,
    promptTokens: build.promptTokens,
    completionTokens: build.completionTokens,
    tokens,
    costUsd: price === null ? null : roundCost((tokens / 1000) * price),
  }
}

/** The Builds page: every build, and one build's trace, for staff with architect.overseer. */
const buildsRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = app.requirePermission('architect.overseer')
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.get(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Every build, filtered by status and searched by title',
        description: `Needs the permission architect.overseer. Newest first, ${BUILDS_PAGE_SIZE} a page: each build's owner kind (visitor or staff, never who), title, kind, status, duration, iterations, tokens and cost.`,
        security: sessionSecurity,
        querystring: BuildListQuery,
        response: {
          200: BuildListPage,
          400: errorResponse('Invalid query; `errors` names each invalid parameter'),
          401: notSignedInResponse,
          403: forbiddenResponse,
          500: errorResponse('Internal server error'),
        },
      },
    },
    async (request) => {
      const { page = 1, status } = request.query
      const search = request.query.search?.trim() || undefined
      const [{ builds, total }, models] = await Promise.all([
        buildsIn(app.db).list({ status, search, limit: BUILDS_PAGE_SIZE, offset: (page - 1) * BUILDS_PAGE_SIZE }),
        app.chatModels.list(),
      ])
      const now = new Date()
      return {
        success: true as const,
        data: builds.map((build) => summaryOf(build, models, now)),
        pagination: { page, pages: Math.max(1, Math.ceil(total / BUILDS_PAGE_SIZE)), total, limit: BUILDS_PAGE_SIZE },
      }
    },
  )

  routes.get(
    '/:sessionId',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: "One build's summary, stages, iterations and log entries",
        description:
          "Needs the permission architect.overseer. The build as the list shows it, each stage it ran (start, duration, tokens), each iteration of its development loop, and its agent log entries. Its steps are its events: GET /api/overseer/builds/{sessionId}/events.",
        security: sessionSecurity,
        params: ArchitectBuildParams,
        response: {
          200: BuildDetail,
          400: errorResponse('Invalid sessionId'),
          401: notSignedInResponse,
          403: forbiddenResponse,
          404: errorResponse('No build has this sessionId'),
          500: errorResponse('Internal server error'),
        },
      },
    },
    async (request) => {
      const repository = buildsIn(app.db)
      const build = await repository.listedBySession(request.params.sessionId)
      if (!build) throw new HttpError(404, BUILD_NOT_FOUND)
      const [stages, iterations, logs, models] = await Promise.all([
        repository.stages(build.id),
        repository.iterations(build.id),
        agentLogsIn(app.db).ofBuild(build.id, BUILD_LOG_ENTRIES_MAX),
        app.chatModels.list(),
      ])
      return {
        success: true as const,
        data: {
          build: summaryOf(build, models, new Date()),
          stages: stages.map((stage) => ({
            stage: stage.stage,
            status: stage.status,
            startedAt: stage.startedAt.toISOString(),
            durationMs: Math.max(0, stage.finishedAt.getTime() - stage.startedAt.getTime()),
            promptTokens: stage.promptTokens,
            completionTokens: stage.completionTokens,
          })),
          iterations: iterations.map((iteration) => ({
            iteration: iteration.number,
            filesChanged: iteration.filesChanged,
            passed: iteration.passed,
            failed: iteration.failed,
            failing: iteration.failing,
            promptTokens: iteration.promptTokens,
            completionTokens: iteration.completionTokens,
            durationMs: iteration.durationMs,
          })),
          logs: logs.map((entry) => ({ ...entry, sessionId: build.sessionId })),
        },
      }
    },
  )
}

export default buildsRoutes

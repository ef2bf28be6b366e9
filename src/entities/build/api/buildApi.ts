import { baseApi } from '@/shared/api'
import type { BuildSnapshot } from '../model/types'
import { isRecord } from '@contracts/check'

const STATUSES: readonly string[] = ['running', 'completed', 'error']

/** Checks the body of GET /api/overseer/builds/:sessionId; undefined when it is not a build's state. */
export const buildSnapshotOf = (body: unknown): BuildSnapshot | undefined => {
  const data = isRecord(body) && body.success === true && isRecord(body.data) ? body.data : undefined
  if (
    !data ||
    typeof data.sessionId !== 'string' ||
    typeof data.status !== 'string' ||
    !STATUSES.includes(data.status) ||
    typeof data.stage !== 'string' ||
    typeof data.percentage !== 'number' ||
    !Number.isFinite(data.percentage) ||
    typeof data.message !== 'string'
  ) {
    return undefined
  }
  return {
    sessionId: data.sessionId,
    status: data.status as BuildSnapshot['status'],
    stage: data.stage,
    percentage: data.percentage,
    message: data.message,
    ...(typeof data.error === 'string' && { error: data.error }),
    ...(typeof data.zipUrl === 'string' && { zipUrl: data.zipUrl }),
  }
}

export const buildApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A build's current state (its owner only), for a tracker that may have missed progress
     * events while the socket was disconnected. Never cached: it is read at the moment of need.
     */
    getBuildState: build.query<BuildSnapshot, string>({
      queryFn: async (sessionId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/overseer/builds/${encodeURIComponent(sessionId)}` })
        if (result.error) return { error: result.error }
        const snapshot = buildSnapshotOf(result.data)
        return snapshot ? { data: snapshot } : { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } }
      },
      keepUnusedDataFor: 0,
    }),
  }),
})

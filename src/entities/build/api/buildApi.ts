import { baseApi } from '@/shared/api'
import type { BuildSnapshot } from '../model/types'
import type { BuildState } from '@contracts/chat'
import { guardOfJson } from '@contracts/check'
import chatContracts from '@contracts/json/chat.json'

const isBuildState = guardOfJson<typeof BuildState>(chatContracts.BuildState)

/** The build's state from GET /api/overseer/builds/:sessionId, checked against its contract; undefined when it is not one. */
const buildSnapshotOf = (body: unknown): BuildSnapshot | undefined => {
  if (!isBuildState(body)) return undefined
  const { sessionId, status, stage, percentage, message, error, zipUrl } = body.data
  return {
    sessionId,
    status,
    stage,
    percentage,
    message,
    ...(error !== undefined && { error }),
    ...(zipUrl !== undefined && { zipUrl }),
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

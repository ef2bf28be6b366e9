import { baseApi } from '@/shared/api'
import type { BuildSnapshot, ProjectFileContent, ProjectFileEntry } from '../model/types'
import type { BuildEvent, BuildEventsPage } from '@contracts/buildEvents'
import { languageOf } from '@contracts/builds'
import type { BuildFile, BuildState } from '@contracts/chat'
import { guardOfJson } from '@contracts/check'

/** The build contracts load with the first call: no page needs them on its first paint. */
const buildContracts = async () => {
  const { default: json } = await import(/* webpackChunkName: "build-contracts" */ '@contracts/json/build.json')
  return {
    isBuildState: guardOfJson<typeof BuildState>(json.BuildState),
    isBuildFile: guardOfJson<typeof BuildFile>(json.BuildFile),
    isBuildEventsPage: guardOfJson<typeof BuildEventsPage>(json.BuildEventsPage),
  }
}

/** The build's state from GET /api/overseer/builds/:sessionId, checked against its contract; undefined when it is not one. */
const buildSnapshotOf = async (body: unknown): Promise<BuildSnapshot | undefined> => {
  const { isBuildState } = await buildContracts()
  if (!isBuildState(body)) return undefined
  const { sessionId, status, stage, percentage, message, error, zipUrl, questions, retryStage, kind } = body.data
  return {
    sessionId,
    status,
    stage,
    percentage,
    message,
    ...(error !== undefined && { error }),
    ...(zipUrl !== undefined && { zipUrl }),
    ...(questions !== undefined && questions.length > 0 && { questions }),
    ...(retryStage !== undefined && { retryStage }),
    ...(kind !== undefined && { kind }),
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
        const snapshot = await buildSnapshotOf(result.data)
        return snapshot ? { data: snapshot } : { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } }
      },
      keepUnusedDataFor: 0,
    }),
    /**
     * The steps of a build's timeline after the id `after`, in order: every page, asked for by the
     * last id of the one before until none is left. Never cached: the timeline's slice keeps them.
     */
    getBuildEvents: build.query<BuildEvent[], { sessionId: string; after: number }>({
      queryFn: async ({ sessionId, after }, _api, _extra, baseQuery) => {
        const { isBuildEventsPage } = await buildContracts()
        const events: BuildEvent[] = []
        let last = after
        for (;;) {
          const result = await baseQuery({ url: `/overseer/builds/${encodeURIComponent(sessionId)}/events`, params: { after: last } })
          if (result.error) return { error: result.error }
          if (!isBuildEventsPage(result.data)) return { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } }
          const page = result.data.data
          events.push(...page.events)
          const next = page.events.at(-1)?.id
          // A page that says there is more but brings nothing new would ask for the same page forever.
          if (!page.more || next === undefined || next <= last) return { data: events }
          last = next
        }
      },
      keepUnusedDataFor: 0,
    }),
    /** Stops the caller's running build (the stop endpoint of its session): true when it was stopped, false when it had ended. */
    stopBuild: build.mutation<boolean, string>({
      query: (sessionId) => ({ url: `/overseer-dev/sessions/${encodeURIComponent(sessionId)}/stop`, method: 'POST' }),
      transformResponse: (body: { stopped?: unknown } | null) => body?.stopped === true,
    }),
    /** A delivered build's files (path and size), for reading them in the chat. */
    getBuildFiles: build.query<ProjectFileEntry[], string>({
      queryFn: async (sessionId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/overseer/builds/${encodeURIComponent(sessionId)}` })
        if (result.error) return { error: result.error }
        const { isBuildState } = await buildContracts()
        return isBuildState(result.data) && result.data.data.files
          ? { data: result.data.data.files }
          : { error: { status: 'CUSTOM_ERROR', error: 'The project files are no longer available.' } }
      },
    }),
    /** One delivered file, as text with the language to highlight it as. */
    getBuildFile: build.query<ProjectFileContent, { sessionId: string; path: string }>({
      queryFn: async ({ sessionId, path }, _api, _extra, baseQuery) => {
        const url = `/overseer/builds/${encodeURIComponent(sessionId)}/files/${path.split('/').map(encodeURIComponent).join('/')}`
        const result = await baseQuery({ url })
        if (result.error) return { error: result.error }
        const { isBuildFile } = await buildContracts()
        return isBuildFile(result.data) ? { data: result.data.data } : { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } }
      },
    }),
    /** One file of a build a shared conversation shows, read through its share link `token` (plain text). */
    getSharedBuildFile: build.query<ProjectFileContent, { token: string; buildId: string; path: string }>({
      queryFn: async ({ token, buildId, path }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: `/overseer-dev/shared/${encodeURIComponent(token)}/builds/${encodeURIComponent(buildId)}/files`,
          params: { path },
          // The file as text; a refusal as its JSON message.
          responseHandler: 'content-type',
        })
        if (result.error) return { error: result.error }
        return typeof result.data === 'string'
          ? { data: { path, content: result.data, language: languageOf(path) } }
          : { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } }
      },
    }),
  }),
})

import { baseApi } from '@/shared/api'
import { envelopeData, isArchitectCommand, isCommandList, isTaskList, isTokenUsageHistory } from '../lib/guards'
import { OVERSEER_TEXTS } from '../model/texts'
import type { ActiveTask, ArchitectCommand, TokenUsageItem } from '../model/types'

const INVALID = { status: 'CUSTOM_ERROR', error: 'Invalid response format' } as const

/** How many sent commands the server lists (the sender's own, newest first). */
export const SENT_COMMANDS_LIMIT = 20

export const overseerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's own most recent commands, newest first. */
    getArchitectCommands: build.query<ArchitectCommand[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/architect/commands' })
        if (result.error) return { error: result.error }
        const commands = envelopeData(result.data, isCommandList)
        return commands ? { data: commands } : { error: INVALID }
      },
    }),

    /**
     * Records a command in the agent log (nothing executes it). The stored command joins the top
     * of the sent list as soon as the server answers; the agent log's queries are stale after it.
     */
    sendArchitectCommand: build.mutation<ArchitectCommand, string>({
      queryFn: async (command, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/architect/commands', method: 'POST', body: { command } })
        if (result.error) return { error: result.error }
        const stored = envelopeData(result.data, isArchitectCommand)
        return stored ? { data: stored } : { error: INVALID }
      },
      invalidatesTags: ['Log'],
      onQueryStarted: async (_command, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }))
        if (!data) return
        dispatch(
          overseerApi.util.updateQueryData('getArchitectCommands', undefined, (draft) => {
            if (draft.some((entry) => entry.id === data.id)) return
            draft.unshift(data)
            draft.splice(SENT_COMMANDS_LIMIT)
          }),
        )
      },
    }),

    /** Active Tasks: the builds running now. */
    getActiveTasks: build.query<ActiveTask[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/architect/tasks' })
        if (result.error) return { error: result.error }
        const tasks = envelopeData(result.data, isTaskList)
        return tasks ? { data: tasks } : { error: INVALID }
      },
      providesTags: ['Task'],
    }),

    /** Spec sections 7 and 8: a non-OK answer reads 'Failed to fetch token usage history'. */
    getTokenUsageHistory: build.query<TokenUsageItem[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/overseer/token-usage-history' })
        if (result.error) return { error: { status: 'CUSTOM_ERROR', error: OVERSEER_TEXTS.chartFetchFailed } }
        return isTokenUsageHistory(result.data) ? { data: result.data } : { error: INVALID }
      },
      providesTags: ['TokenUsage'],
    }),
  }),
})

export const { useGetArchitectCommandsQuery, useSendArchitectCommandMutation, useGetActiveTasksQuery, useGetTokenUsageHistoryQuery } =
  overseerApi

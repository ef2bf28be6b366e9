import { ApprovalList, DecidedApproval, type Approval } from '@contracts/approvals'
import { guardOf } from '@contracts/check'
import { apiErrorMessage, baseApi } from '@/shared/api'
import type { Decision } from '../model/types'

/** The most requests the server lists at once; more waiting at once than this is not expected. */
export const APPROVALS_LIMIT = 100

const isApprovalList = guardOf(ApprovalList)
const isDecidedApproval = guardOf(DecidedApproval)

const INVALID = 'Invalid response format'
const failure = (message: string) => ({ error: { status: 'CUSTOM_ERROR' as const, error: message } })

export const approvalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The requests waiting for a decision, newest first. */
    getPendingApprovals: build.query<Approval[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/architect/approvals', params: { status: 'pending', limit: APPROVALS_LIMIT } })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The approval requests could not be loaded.')
        return isApprovalList(result.data) ? { data: result.data.data } : failure(INVALID)
      },
      providesTags: [{ type: 'Approval', id: 'PENDING' }],
    }),
    /** Approve or deny: the server records who and when, and the waiting build continues or stops. */
    decideApproval: build.mutation<Approval, { id: string; decision: Decision }>({
      queryFn: async ({ id, decision }, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/architect/approvals/${encodeURIComponent(id)}/decision`, method: 'POST', body: { decision } })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The decision could not be saved.')
        return isDecidedApproval(result.data) ? { data: result.data.data } : failure(INVALID)
      },
      // Active Tasks shows whether a build still waits.
      invalidatesTags: ['Task'],
    }),
  }),
})

export const { useGetPendingApprovalsQuery, useDecideApprovalMutation } = approvalsApi

/** The text of a failed call of this API. */
export const approvalsErrorText = (error: unknown, fallback: string): string =>
  typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string' ? error.error : fallback

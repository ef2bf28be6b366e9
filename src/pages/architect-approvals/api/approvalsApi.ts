import { apiErrorMessage, baseApi } from '@/shared/api'
import { APPROVAL_STATUSES, GATE_KINDS, PRIORITIES, type Approval, type ApprovalBuild, type ApprovalContext, type Decision } from '../model/types'

/** The most requests the server lists at once; more waiting at once than this is not expected. */
export const APPROVALS_LIMIT = 100

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value)
const BUILD_STATUSES = ['running', 'completed', 'error'] as const

const contextOf = (value: unknown): ApprovalContext | undefined =>
  isRecord(value) && typeof value.request === 'string' && typeof value.stage === 'string'
    ? {
        request: value.request,
        kind: typeof value.kind === 'string' ? value.kind : null,
        name: typeof value.name === 'string' ? value.name : null,
        stage: value.stage,
        details: Array.isArray(value.details) ? value.details.filter((line): line is string => typeof line === 'string') : [],
      }
    : undefined

const buildOf = (value: unknown): ApprovalBuild | null =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.sessionId === 'string' &&
  oneOf(BUILD_STATUSES, value.status) &&
  typeof value.stage === 'string' &&
  typeof value.percentage === 'number' &&
  typeof value.message === 'string'
    ? { id: value.id, sessionId: value.sessionId, status: value.status, stage: value.stage, percentage: value.percentage, message: value.message }
    : null

/** Checks one approval request of the server; undefined when it is not one. */
export const approvalOf = (value: unknown): Approval | undefined => {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    typeof value.title !== 'string' ||
    typeof value.description !== 'string' ||
    !oneOf(GATE_KINDS, value.category) ||
    !oneOf(PRIORITIES, value.priority) ||
    typeof value.timestamp !== 'string' ||
    !oneOf(APPROVAL_STATUSES, value.status)
  ) {
    return undefined
  }
  const context = contextOf(value.context)
  if (!context) return undefined
  const decidedBy = isRecord(value.decidedBy) && typeof value.decidedBy.email === 'string' ? { email: value.decidedBy.email } : null
  return {
    id: value.id,
    title: value.title,
    description: value.description,
    category: value.category,
    priority: value.priority,
    timestamp: value.timestamp,
    status: value.status,
    decidedAt: typeof value.decidedAt === 'string' ? value.decidedAt : null,
    decidedBy,
    context,
    build: buildOf(value.build),
  }
}

const INVALID = 'Invalid response format'
const failure = (message: string) => ({ error: { status: 'CUSTOM_ERROR' as const, error: message } })

export const approvalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The requests waiting for a decision, newest first. */
    getPendingApprovals: build.query<Approval[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/architect/approvals', params: { status: 'pending', limit: APPROVALS_LIMIT } })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The approval requests could not be loaded.')
        const body = result.data
        if (!isRecord(body) || body.success !== true || !Array.isArray(body.data)) return failure(INVALID)
        const approvals = body.data.map(approvalOf)
        return approvals.every((approval) => approval !== undefined) ? { data: approvals as Approval[] } : failure(INVALID)
      },
      providesTags: [{ type: 'Approval', id: 'PENDING' }],
    }),
    /** Approve or deny: the server records who and when, and the waiting build continues or stops. */
    decideApproval: build.mutation<Approval, { id: string; decision: Decision }>({
      queryFn: async ({ id, decision }, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/architect/approvals/${encodeURIComponent(id)}/decision`, method: 'POST', body: { decision } })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The decision could not be saved.')
        const body = result.data
        const approval = isRecord(body) && body.success === true ? approvalOf(body.data) : undefined
        return approval ? { data: approval } : failure(INVALID)
      },
      // Active Tasks shows whether a build still waits.
      invalidatesTags: ['Task'],
    }),
  }),
})

export const { useGetPendingApprovalsQuery, useDecideApprovalMutation } = approvalsApi

/** The text of a failed call of this API. */
export const approvalsErrorText = (error: unknown, fallback: string): string =>
  isRecord(error) && typeof error.error === 'string' ? error.error : fallback

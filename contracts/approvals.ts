/** Approval requests raised at build gates, as the Architect Suite lists and decides them. */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { BUILD_STATUSES, GATE_KINDS, PROJECT_KINDS, STAGE_IDS } from './builds'

export const APPROVAL_PRIORITIES = ['Critical', 'High', 'Medium', 'Low'] as const
export type ApprovalPriority = (typeof APPROVAL_PRIORITIES)[number]

export const APPROVAL_STATUSES = ['pending', 'approved', 'denied', 'expired', 'cancelled'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

export const APPROVAL_DECISIONS = ['approve', 'deny'] as const
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number]

/** Which requests a list shows: those waiting, those closed (decided, expired or cancelled), or all. */
export const APPROVAL_FILTERS = ['pending', 'decided', 'all'] as const
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number]

export const APPROVALS_PAGE_SIZE = 20
export const APPROVALS_MAX_PAGE_SIZE = 100
export const MAX_DECISION_COMMENT = 1000

/** A string that is one of `values`, written as `enum` (as the OpenAPI document has always shown it). */
const oneOf = <T extends string>(values: readonly T[], options: { description?: string; default?: T } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options })
const timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description && { description }) })
const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const ApprovalContext = Type.Object(
  {
    request: Type.String({ description: "The build's request (at most 2,000 characters)" }),
    kind: Type.Union([Type.String(), Type.Null()], { description: `The project kind (${PROJECT_KINDS.join(', ')}), once classified` }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'The project name' }),
    stage: oneOf(STAGE_IDS, { description: 'The stage the build starts once approved' }),
    details: Type.Array(Type.String(), { description: 'The evidence, a line each' }),
    diff: Type.Optional(
      Type.String({ description: 'At the development gate: the files the build changed against its starting point (the template, or the project it continues), as a unified diff (at most 20,000 characters)' }),
    ),
    tests: Type.Optional(
      Type.Object(
        { passed: Type.Integer({ minimum: 0 }), failed: Type.Integer({ minimum: 0 }), failing: Type.Array(Type.String()) },
        { description: "At the development gate: the development loop's last test run in the sandbox" },
      ),
    ),
  },
  { additionalProperties: false, description: 'What the build had produced when it reached the gate (More Details)' },
)
export type ApprovalContext = Static<typeof ApprovalContext>

export const ApprovalBuild = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    sessionId: Type.String(),
    status: oneOf(BUILD_STATUSES),
    stage: oneOf(STAGE_IDS),
    percentage: Type.Integer(),
    message: Type.String(),
  },
  { additionalProperties: false, description: 'The build as it is now; null for a request no build waits on (the sample)' },
)
export type ApprovalBuild = Static<typeof ApprovalBuild>

export const Approval = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    description: Type.String({ description: "What is asked, with the build's request, project kind and next stage" }),
    category: oneOf(GATE_KINDS, { description: 'The gate kind' }),
    priority: oneOf(APPROVAL_PRIORITIES),
    timestamp: timestamp('When the request was raised'),
    gate: oneOf(GATE_KINDS),
    status: oneOf(APPROVAL_STATUSES, {
      description: 'pending until decided (approved, denied); expired after APPROVAL_TIMEOUT_MS; cancelled when its build stopped while it waited',
    }),
    expiresAt: Type.Union([timestamp(), Type.Null()], { description: 'When a waiting build stops waiting; null for requests no build waits on' }),
    decidedAt: nullable(timestamp()),
    decidedBy: nullable(
      Type.Object(
        { userId: Type.Union([Type.Integer(), Type.Null()], { description: 'Null once the account was deleted' }), email: Type.String() },
        { additionalProperties: false },
      ),
    ),
    comment: Type.Union([Type.String(), Type.Null()], { description: 'The reason given with the decision' }),
    context: ApprovalContext,
    build: nullable(ApprovalBuild),
  },
  { additionalProperties: false },
)
export type Approval = Static<typeof Approval>

export const ApprovalList = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Array(Approval),
    pagination: Type.Object({
      page: Type.Integer(),
      pages: Type.Integer({ description: 'At least 1' }),
      total: Type.Integer({ description: 'Requests matching `status`' }),
      limit: Type.Integer(),
    }),
  },
  { description: 'A page of requests, newest first' },
)
export type ApprovalList = Static<typeof ApprovalList>

export const DecidedApproval = Type.Object({ success: Type.Literal(true), data: Approval }, { description: 'The decided request' })
export type DecidedApproval = Static<typeof DecidedApproval>

export const ApprovalListQuery = Type.Object(
  {
    status: Type.Optional(
      oneOf(APPROVAL_FILTERS, { default: 'pending', description: 'pending (waiting for a decision), decided (approved, denied, expired or cancelled) or all' }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'From 1' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: APPROVALS_MAX_PAGE_SIZE, default: APPROVALS_PAGE_SIZE, description: 'Requests per page' }),
    ),
  },
  { additionalProperties: false },
)

export const DecisionParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'The approval request id' }) })

export const DecisionBody = Type.Object({
  decision: oneOf(APPROVAL_DECISIONS, { description: 'approve lets the build continue; deny stops it' }),
  comment: Type.Optional(
    Type.String({ maxLength: MAX_DECISION_COMMENT, description: 'Why (optional; trimmed; a denial passes it on to the build’s owner)' }),
  ),
})
export type DecisionBody = Static<typeof DecisionBody>

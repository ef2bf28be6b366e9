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

/** How a file of the development gate's changes differs from the build's starting point. */
export const APPROVAL_FILE_STATUSES = ['added', 'changed', 'removed'] as const
export type ApprovalFileStatus = (typeof APPROVAL_FILE_STATUSES)[number]

/** The most of one file's changes a request keeps (characters of its hunks); the rest is cut. */
export const MAX_FILE_CHANGES_CHARS = 30_000
/** The most of all files' changes together a request keeps; files past it are listed without their hunks. */
export const MAX_CHANGES_CHARS = 150_000
/** The tail of the test output a request keeps. */
export const MAX_TEST_OUTPUT_CHARS = 4_000

/** Why a file's hunks are not all there: the file's own are too long, or all files' together. */
export const APPROVAL_CUTS = ['file', 'total'] as const
export type ApprovalCut = (typeof APPROVAL_CUTS)[number]

export const ApprovalFileChange = Type.Object(
  {
    path: Type.String({ description: "The file's path in the project" }),
    status: oneOf(APPROVAL_FILE_STATUSES, { description: 'added (every file of a new build), changed or removed, against the starting point' }),
    language: Type.String({ description: 'The highlight.js language of the file, by its extension (plaintext when unknown)' }),
    added: Type.Integer({ minimum: 0, description: 'Lines added' }),
    removed: Type.Integer({ minimum: 0, description: 'Lines removed' }),
    hunks: Type.String({
      description:
        "The file's unified diff hunks: `@@` headers, then lines starting with a space (context), `+` (added) or `-` (removed); an added file is one hunk of `+` lines. Empty when cut for the total",
    }),
    cut: Type.Optional(
      oneOf(APPROVAL_CUTS, {
        description: `Set when hunks is not whole: file (the file's changes are over ${MAX_FILE_CHANGES_CHARS.toLocaleString('en-US')} characters: the first are kept) or total (all files' changes together are over ${MAX_CHANGES_CHARS.toLocaleString('en-US')}: this file's are left out or cut)`,
      }),
    ),
  },
  { additionalProperties: false },
)
export type ApprovalFileChange = Static<typeof ApprovalFileChange>

export const ApprovalContext = Type.Object(
  {
    request: Type.String({ description: "The build's request (at most 2,000 characters)" }),
    kind: Type.Union([Type.String(), Type.Null()], { description: `The project kind (${PROJECT_KINDS.join(', ')}), once classified` }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'The project name' }),
    stage: oneOf(STAGE_IDS, { description: 'The stage the build starts once approved' }),
    details: Type.Array(Type.String(), { description: 'The evidence, a line each' }),
    files: Type.Optional(
      Type.Array(ApprovalFileChange, {
        description:
          'At the development gate: each file the build added, changed or removed against its starting point (the project a follow-up continues; nothing for a new build, so every file is added), in path order',
      }),
    ),
    diff: Type.Optional(
      Type.String({
        description:
          'At the development gate: the same changes as one unified diff (at most 20,000 characters, then cut with a note). Requests raised before `files` existed carry only this',
      }),
    ),
    tests: Type.Optional(
      Type.Object(
        {
          passed: Type.Integer({ minimum: 0 }),
          failed: Type.Integer({ minimum: 0 }),
          failing: Type.Array(Type.String(), { description: "The failing tests' names" }),
          output: Type.Optional(Type.String({ description: `The tail of the test output (at most ${MAX_TEST_OUTPUT_CHARS.toLocaleString('en-US')} characters)` })),
        },
        { description: "At the development gate: the project's last test run in the sandbox, in the development stage (a model's loop, or the offline engine's run)" },
      ),
    ),
    testsNotRun: Type.Optional(Type.String({ description: "At the development gate, when the tests could not run before it: why (no sandbox)" })),
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

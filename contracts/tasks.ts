/** Active Tasks on the Overseer page: the builds running now. */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { GATE_KINDS, STAGE_IDS } from './builds'

export const ActiveTask = Type.Object(
  {
    sessionId: Type.String(),
    title: Type.String({ description: "The request's conversation title" }),
    stage: Type.Unsafe<(typeof STAGE_IDS)[number]>({ type: 'string', enum: [...STAGE_IDS], description: 'The latest stage reported' }),
    percentage: Type.Integer({ minimum: 0, maximum: 100 }),
    message: Type.String({ description: 'The latest progress message' }),
    startedAt: Type.String({ format: 'date-time' }),
    waitingForApproval: Type.Boolean({ description: 'Whether it waits at an approval gate' }),
    gate: Type.Union([Type.Unsafe<(typeof GATE_KINDS)[number]>({ type: 'string', enum: [...GATE_KINDS] }), Type.Null()], { description: 'The gate it waits at' }),
    approvalId: Type.Union([Type.String(), Type.Null()], { description: 'The pending approval request it waits on' }),
  },
  { additionalProperties: false },
)
export type ActiveTask = Static<typeof ActiveTask>

export const TaskList = Type.Object(
  { success: Type.Literal(true), data: Type.Array(ActiveTask) },
  { description: 'The builds running now, oldest first; an empty list when none' },
)

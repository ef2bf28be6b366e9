/**
 * The build pipeline as data (spec section 4): the seven stages in order, the agent module
 * that runs each, where its progress bar starts, and the approval gate (if any) a build passes
 * before it. A queue worker or a new gate reads the same table.
 */

import { GATE_KINDS, STAGE_IDS, type GateKind, type StageId } from '@contracts/builds'
import { AGENT_MODULE_IDS, AGENT_MODULES, LOG_LEVELS, type AgentModule, type LogLevel } from '@contracts/logs'

export { GATE_KINDS, STAGE_IDS }
export type { GateKind, StageId }
export { AGENT_MODULE_IDS, AGENT_MODULES, LOG_LEVELS }
export type { AgentModule, LogLevel }

export interface StageDefinition {
  id: StageId
  module: AgentModule
  /** The progress percentage announced when the stage starts; the next stage's is where it ends. */
  start: number
  /** What the tracker shows when the stage starts. */
  message: string
  /** The gate a build passes before the stage starts. */
  gateBefore?: GateKind
}

export const STAGES: readonly StageDefinition[] = [
  { id: 'classification', module: 'overseer-core', start: 5, message: 'Classifying the request...' },
  { id: 'clarification', module: 'clarification-loop', start: 15, message: 'Clarifying requirements...' },
  { id: 'market_analysis', module: 'clarification-loop', start: 25, message: 'Analysing comparable products...' },
  { id: 'structuring', module: 'file-structure-planner', start: 35, message: 'Planning the file structure...' },
  { id: 'development', module: 'devloop-matrix', start: 45, message: 'Writing and checking the code...', gateBefore: 'planning' },
  { id: 'assembly', module: 'assembly-agent', start: 75, message: 'Assembling the project...', gateBefore: 'development' },
  { id: 'delivery', module: 'overseer-core', start: 90, message: 'Packaging the archive...', gateBefore: 'deployment' },
]

/** Where a stage's progress ends: the next stage's start, or 100 after the last. */
export const stageEnd = (id: StageId): number => {
  const index = STAGES.findIndex((stage) => stage.id === id)
  return STAGES[index + 1]?.start ?? 100
}


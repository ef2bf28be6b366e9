import { STATUS_TILE_MODULES, type ModuleStatus } from '@contracts/logs'
import { AGENT_MODULES, STAGES, type AgentModule, type StageId } from './stages'

/** What the tiles need of a running build: its stage, and the gate it waits at (null while it runs). */
interface BusyBuild {
  stage: StageId
  waitingGate: string | null
}

export { STATUS_TILE_MODULES } from '@contracts/logs'

const moduleOfStage = new Map(STAGES.map((stage) => [stage.id, stage.module]))

/**
 * The module each running build is busy in: the module of its current stage (stages.ts), except
 * while it waits at an approval gate, which Overseer Core holds (it logs the wait and the
 * decision). Overseer Core is therefore active while a build classifies, delivers or waits at a
 * gate, not merely because some build is running: during clarification, structuring,
 * development and assembly only that stage's module is.
 */
export const busyModules = (running: readonly BusyBuild[]): Set<AgentModule> =>
  new Set(running.flatMap((build) => {
    if (build.waitingGate !== null) return ['overseer-core' as const]
    const module = moduleOfStage.get(build.stage)
    return module ? [module] : []
  }))

/** The Logs page's four tiles: Active while a running build is in one of the module's stages, else Idle. */
export const moduleStatuses = (running: readonly BusyBuild[]): ModuleStatus[] => {
  const busy = busyModules(running)
  return STATUS_TILE_MODULES.map((module) => ({ module, name: AGENT_MODULES[module], active: busy.has(module) }))
}

import type { ProjectKind, StageId } from '@contracts/builds'

/** The server's record of a build (GET /api/overseer/builds/:sessionId), already checked. */
export interface BuildSnapshot {
  sessionId: string
  status: 'running' | 'completed' | 'error' | 'stopped'
  /** The latest stage reported (a stage id; an unknown one is kept out of the tracker). */
  stage: string
  percentage: number
  message: string
  /** Why it failed (status error). */
  error?: string
  /** The archive, once completed. */
  zipUrl?: string
  /** While it waits for its requester: the questions it asks, each with its suggested answers. */
  questions?: { question: string; suggestions: string[] }[]
  /** Failed at a stage: the one its owner can retry it from (POST …/retry). */
  retryStage?: StageId
  /** The project's kind, once classified. */
  kind?: ProjectKind
}

/** A file of a delivered project. */
export interface ProjectFileEntry {
  path: string
  bytes: number
}

/** A delivered file's text, with the language to highlight it as. */
export interface ProjectFileContent {
  path: string
  content: string
  language: string
}

import type { LogEntry } from '@contracts/logs'

export type { LogEntry, LogLevel, ModuleStatus } from '@contracts/logs'

/** The agent modules of the Logs page's module filter, by the server's id (spec section 2). */
export const LOG_MODULES = [
  { id: 'overseer-core', name: 'Overseer Core' },
  { id: 'clarification-loop', name: 'Clarification Loop' },
  { id: 'devloop-matrix', name: 'DevLoop Matrix' },
  { id: 'file-structure-planner', name: 'File Structure Planner' },
  { id: 'assembly-agent', name: 'Assembly Agent' },
] as const
export type LogModuleId = (typeof LOG_MODULES)[number]['id']

/**
 * The level filter's choices (spec section 2). OWNER entries (decisions made by staff) have no
 * choice of their own: they show under All Levels.
 */
export const LOG_LEVEL_OPTIONS = [
  { id: 'INFO', name: 'Info' },
  { id: 'WARNING', name: 'Warning' },
  { id: 'ERROR', name: 'Error' },
  { id: 'DEBUG', name: 'Debug' },
] as const
export type LogLevelFilter = (typeof LOG_LEVEL_OPTIONS)[number]['id']

export interface LogPage {
  entries: LogEntry[]
  page: number
  pages: number
  total: number
  /** More entries match than the server counts (it counts up to 1,000): the total reads '1,000+'. */
  totalCapped: boolean
}

/** What the table shows: the URL's filters and page. */
export interface LogFilters {
  search: string
  module: LogModuleId | ''
  level: LogLevelFilter | ''
}

export interface LogQuery extends LogFilters {
  page: number
}

export const isLogModuleId = (value: string): value is LogModuleId => LOG_MODULES.some((module) => module.id === value)
export const isLogLevelFilter = (value: string): value is LogLevelFilter => LOG_LEVEL_OPTIONS.some((level) => level.id === value)

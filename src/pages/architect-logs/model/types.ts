import { AGENT_MODULE_IDS, AGENT_MODULES, type AgentModule, type LogEntry } from '@contracts/logs'

export type { LogEntry, LogLevel, ModuleStatus } from '@contracts/logs'

/** The agent modules of the Logs page's module filter, by the server's id, named as contracts/logs names them (spec section 2). */
export const LOG_MODULES: readonly { id: AgentModule; name: string }[] = AGENT_MODULE_IDS.map((id) => ({ id, name: AGENT_MODULES[id] }))
export type LogModuleId = AgentModule

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

/** The agent log as the Logs page searches it, and the status tiles of its modules. */
import type { Static, TSchema } from 'typebox'
import * as Type from 'typebox/type'

/** The agent modules that write log entries (the Logs page's module filter), with the names it shows. */
export const AGENT_MODULES = {
  'overseer-core': 'Overseer Core',
  'clarification-loop': 'Clarification Loop',
  'devloop-matrix': 'DevLoop Matrix',
  'file-structure-planner': 'File Structure Planner',
  'assembly-agent': 'Assembly Agent',
} as const
export type AgentModule = keyof typeof AGENT_MODULES
export const AGENT_MODULE_IDS = Object.keys(AGENT_MODULES) as AgentModule[]

/** Every level an entry can have. */
export const LOG_LEVELS = ['INFO', 'OWNER', 'WARNING', 'ERROR', 'DEBUG'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** The modules with a status tile on the Logs page (spec section 2), in the page's order. */
export const STATUS_TILE_MODULES = ['overseer-core', 'clarification-loop', 'devloop-matrix', 'assembly-agent'] as const satisfies readonly AgentModule[]

/** The Logs page shows 20 entries a page ('Showing 20 of N logs'). */
export const LOGS_PAGE_SIZE = 20 as const
/**
 * Matches are counted up to this many: beyond, the Logs page says so ('1,000+') instead of
 * reading every match of a common word, which costs far more than the page itself (bench `logs`).
 */
export const LOG_COUNT_CAP = 1_000

const oneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description && { description }) })

export const LogsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'From 1; 20 entries a page' })),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Matches anywhere in the message, ignoring case; blank matches all' })),
    module: Type.Optional(
      oneOf(AGENT_MODULE_IDS, `The agent module: ${AGENT_MODULE_IDS.map((id) => `${id} (${AGENT_MODULES[id]})`).join(', ')}; omit for all`),
    ),
    level: Type.Optional(oneOf(LOG_LEVELS, 'Omit for all levels')),
  },
  { additionalProperties: false },
)

export const LogEntry = Type.Object(
  {
    id: Type.Integer(),
    timestamp: Type.String({ format: 'date-time' }),
    level: oneOf(LOG_LEVELS),
    source: Type.String({ description: "The module's name, as the page shows it ('Overseer Core')" }),
    module: Type.String({ description: 'The module id (the `module` filter)' }),
    message: Type.String(),
    buildId: Type.Union([Type.String(), Type.Null()], { description: 'The build the entry belongs to, if any' }),
    sessionId: Type.Union([Type.String(), Type.Null()], { description: "That build's sessionId (its trace: /architect/builds/{sessionId}), if any" }),
  },
  { additionalProperties: false },
)
export type LogEntry = Static<typeof LogEntry>

const logsPageWith = <T extends TSchema>(totalCapped: T) =>
  Type.Object(
    {
      success: Type.Literal(true),
      data: Type.Array(LogEntry),
      pagination: Type.Object({
        page: Type.Integer(),
        pages: Type.Integer({ description: 'At least 1; counted from `total`' }),
        total: Type.Integer({ description: `Entries matching the filters, counted up to ${LOG_COUNT_CAP}` }),
        totalCapped,
        limit: Type.Unsafe<typeof LOGS_PAGE_SIZE>({ type: 'integer', const: LOGS_PAGE_SIZE }),
      }),
    },
    { description: 'A page of entries, newest first, with how many match in total' },
  )

const totalCappedDescription = `True when more than ${LOG_COUNT_CAP} entries match (show '${LOG_COUNT_CAP.toLocaleString('en-US')}+')`
export const LogsPage = logsPageWith(Type.Boolean({ description: totalCappedDescription }))
/** GET /api/architect/logs as the SPA checks it: an answer without `totalCapped` counted every match. */
export const LogsPageRead = logsPageWith(Type.Optional(Type.Boolean()))
export type LogsPageRead = Static<typeof LogsPageRead>

export const ModuleStatus = Type.Object(
  {
    module: oneOf(STATUS_TILE_MODULES, 'The module id'),
    name: Type.String({ description: "As the page shows it ('Overseer Core')" }),
    active: Type.Boolean({
      description: "True while a running build is in one of the module's stages (Overseer Core: classification, delivery, or waiting at an approval gate)",
    }),
  },
  { additionalProperties: false },
)
export type ModuleStatus = Static<typeof ModuleStatus>

export const ModuleStatusList = Type.Object(
  { success: Type.Literal(true), data: Type.Array(ModuleStatus) },
  { description: "The Logs page's four status tiles, in the page's order" },
)

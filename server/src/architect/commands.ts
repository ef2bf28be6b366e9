import { COMMAND_MAX_LENGTH, type ArchitectCommand } from '@contracts/commands'
import type { AuthUser } from '../auth/users'
import { createAgentLogRepository as agentLogsIn } from '../agentLogs/agentLogRepository'
import { LOG_LEVELS, type AgentModule, type LogLevel } from '../pipeline/stages'
import type { Database, Queryable } from '../db'
import type { FieldErrors } from '../lib/errors'

export { COMMAND_MAX_LENGTH, type ArchitectCommand } from '@contracts/commands'

/** The Overseer page lists this many of the user's latest commands. */
export const COMMANDS_LISTED = 20

export const COMMAND_MESSAGES = {
  required: 'Enter a command.',
  tooLong: `A command can be at most ${COMMAND_MAX_LENGTH.toLocaleString('en-US')} characters.`,
} as const

/** Commands are logged by the module that receives them, at the owner's level (spec: INFO, OWNER, WARNING, ERROR, DEBUG). */
export const COMMAND_LOG_MODULE: AgentModule = 'overseer-core'
export const COMMAND_LOG_LEVEL: LogLevel = LOG_LEVELS.includes('OWNER') ? 'OWNER' : 'INFO'


interface CommandRow {
  id: number
  command: string
  created_at: Date
  author: string
}

const toCommand = (row: CommandRow): ArchitectCommand => ({
  id: Number(row.id),
  command: row.command,
  createdAt: row.created_at.toISOString(),
  author: row.author,
})

/** The command as stored: trimmed. */
export const cleanCommand = (raw: string): string => raw.trim()

/** A message per invalid field; empty when the (cleaned) command may be stored. */
export const validateCommand = (command: string): FieldErrors => {
  if (command.length === 0) return { command: COMMAND_MESSAGES.required }
  if (command.length > COMMAND_MAX_LENGTH) return { command: COMMAND_MESSAGES.tooLong }
  return {}
}

/** What the agent log says about a command: who sent it, and what. */
export const commandLogMessage = (author: string, command: string): string => `Command from ${author}: ${command}`

const insertCommand = async (tx: Queryable, userId: number, command: string): Promise<{ id: number; created_at: Date }> => {
  const { rows } = await tx.query<{ id: number; created_at: Date }>(
    'insert into architect_commands (user_id, command) values ($1, $2) returning id, created_at',
    [userId, command],
  )
  const row = rows[0]
  if (!row) throw new Error('the command was not stored')
  return row
}

/**
 * The Overseer page's command interface: a command is recorded in the agent log
 * with who sent it and kept for the sender's list. Nothing executes it.
 */
export const architectCommands = {
  /** Stores a valid, cleaned command and logs it, in one transaction. */
  async record(db: Database, user: Pick<AuthUser, 'id' | 'email'>, command: string): Promise<ArchitectCommand> {
    const row = await db.transaction(async (tx) => {
      const stored = await insertCommand(tx, user.id, command)
      await agentLogsIn(tx).write({ level: COMMAND_LOG_LEVEL, module: COMMAND_LOG_MODULE, message: commandLogMessage(user.email, command) })
      return stored
    })
    return toCommand({ id: row.id, command, created_at: row.created_at, author: user.email })
  },

  /** The user's latest commands, newest first. */
  async listOwn(db: Queryable, userId: number, limit = COMMANDS_LISTED): Promise<ArchitectCommand[]> {
    const { rows } = await db.query<CommandRow>(
      `select c.id, c.command, c.created_at, u.email as author
       from architect_commands c join users u on u.id = c.user_id
       where c.user_id = $1 order by c.created_at desc, c.id desc limit $2`,
      [userId, limit],
    )
    return rows.map(toCommand)
  },
}

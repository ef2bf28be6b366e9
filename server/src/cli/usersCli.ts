import { parseArgs } from 'node:util'
import { createPasswordHasher, passwordProblem, PasswordHasherBusyError, type PasswordHasher } from '../auth/password'
import { isPermission, isRole, PERMISSIONS, ROLES } from '../auth/permissions'
import { executeUserCommand, USER_COMMAND_NAMES, type UserCommand, type UserCommandName, type UserCommandResult } from '../auth/userCommands'
import { UserService, UserCommandError, validEmail, type UserErrorCode } from '../auth/userService'
import type { UserSummary } from '../auth/users'
import { ConfigError, loadConfig } from '../config'
import { pingControl, sendControlRequest, socketPath, type ControlErrorCode } from '../control/channel'
import { acquireLock, DataDirBusyError, isProcessAlive, lockPath, readLock, type LockInfo } from '../control/lock'
import { createPrivately } from '../lib/privateDir'
import { migrate, openPglite, openPostgres, type Database } from '../db'
import { PasswordInputError, readNewPassword, type PasswordSource, type Prompt } from './passwordInput'

export const EXIT = {
  ok: 0,
  /** Something unexpected (the message says what). */
  failed: 1,
  /** Bad arguments or input: unknown command, role or permission, invalid e-mail, unusable password. */
  usage: 2,
  unknownUser: 3,
  emailTaken: 4,
  /** The embedded database is held by a process that does not answer. */
  busy: 5,
} as const

export const USAGE = `Usage: npm run users -- <command> [options]

Commands:
  create --email E [--role R]… [--permission P]…   new account; the password is asked for
                                                     (or read from stdin when piped)
  grant  --email E [--role R]… [--permission P]…   add roles or direct permissions
  revoke --email E [--role R]… [--permission P]…   remove them
  reset-password --email E                           new password; ends the user's sessions
  disable --email E                                  stop the user signing in; ends sessions
  enable --email E                                   allow signing in again
  list                                               every account

Roles: ${ROLES.join(', ')}
Permissions: ${PERMISSIONS.join(', ')}`

export interface CliIo {
  env: Record<string, string | undefined>
  stdin: PasswordSource
  stdout: Prompt
  stderr: Prompt
  /** Hashing for the direct path; production cost unless a test passes a cheaper one. */
  passwords?: PasswordHasher
}

class UsageError extends Error {
  constructor(
    message: string,
    /** Whether the usage text helps (a malformed command line) or just repeats (a bad value). */
    readonly showUsage = true,
  ) {
    super(message)
  }
}

class CliFailure extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message)
  }
}

const EXIT_BY_CODE: Record<UserErrorCode | ControlErrorCode, number> = {
  invalid: EXIT.usage,
  unknown_user: EXIT.unknownUser,
  email_taken: EXIT.emailTaken,
  bad_request: EXIT.failed,
  busy: EXIT.busy,
  internal: EXIT.failed,
}

const isCommandName = (value: string | undefined): value is UserCommandName =>
  (USER_COMMAND_NAMES as readonly (string | undefined)[]).includes(value)

/** Turns arguments into a command (the password still to be read), checking what can be checked offline. */
const parseCommand = (argv: string[]): { name: UserCommandName; email: string; roles: string[]; permissions: string[] } | 'help' => {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        role: { type: 'string', multiple: true },
        permission: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { positionals, values } = parsed
  const [name, ...extra] = positionals
  if (values.help || name === 'help' || name === undefined) return 'help'
  if (!isCommandName(name)) throw new UsageError(`Unknown command "${name}"`)
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`)

  const roles = values.role ?? []
  const permissions = values.permission ?? []
  const unknownRole = roles.find((role) => !isRole(role))
  if (unknownRole !== undefined) throw new UsageError(`Unknown role "${unknownRole}". Roles: ${ROLES.join(', ')}`, false)
  const unknownPermission = permissions.find((permission) => !isPermission(permission))
  if (unknownPermission !== undefined) {
    throw new UsageError(`Unknown permission "${unknownPermission}". Permissions: ${PERMISSIONS.join(', ')}`, false)
  }

  if (name === 'list') {
    if (values.email !== undefined || roles.length > 0 || permissions.length > 0) throw new UsageError('list takes no options')
    return { name, email: '', roles, permissions }
  }
  if (values.email === undefined) throw new UsageError(`${name} needs --email`)
  const email = validEmail(values.email)
  const takesAccess = name === 'create' || name === 'grant' || name === 'revoke'
  if (!takesAccess && (roles.length > 0 || permissions.length > 0)) throw new UsageError(`${name} takes no --role or --permission`)
  if ((name === 'grant' || name === 'revoke') && roles.length === 0 && permissions.length === 0) {
    throw new UsageError(`${name} needs --role or --permission`)
  }
  return { name, email, roles, permissions }
}

const toCommand = async (
  parsed: { name: UserCommandName; email: string; roles: string[]; permissions: string[] },
  io: CliIo,
): Promise<UserCommand> => {
  const { name, email, roles, permissions } = parsed
  const password = async (): Promise<string> => {
    const value = await readNewPassword(io.stdin, io.stderr)
    const problem = passwordProblem(value)
    if (problem) throw new UsageError(problem, false)
    return value
  }
  switch (name) {
    case 'list':
      return { name }
    case 'create':
      return { name, email, password: await password(), roles, permissions }
    case 'reset-password':
      return { name, email, password: await password() }
    case 'grant':
    case 'revoke':
      return { name, email, roles, permissions }
    case 'disable':
    case 'enable':
      return { name, email }
  }
}

/** Runs the command on a database this process opened, then closes it. */
const runDirect = async (db: Database, command: UserCommand, passwords: PasswordHasher): Promise<UserCommandResult> => {
  try {
    await migrate(db)
    return await executeUserCommand(new UserService(db, passwords), command)
  } finally {
    await db.close()
  }
}

const viaServer = async (dataDir: string, holder: LockInfo, command: UserCommand, io: CliIo): Promise<UserCommandResult> => {
  io.stderr.write(`Using the running server (pid ${holder.pid}) through ${socketPath(dataDir)}\n`)
  const response = await sendControlRequest(socketPath(dataDir), { type: 'users', command }, 120_000)
  if (response.ok) {
    if ('message' in response.result) return response.result
    throw new CliFailure(EXIT.failed, 'Unexpected answer from the server')
  }
  throw new CliFailure(EXIT_BY_CODE[response.error.code], response.error.message)
}

const unresponsive = (dataDir: string, holder: LockInfo): CliFailure =>
  new CliFailure(
    EXIT.busy,
    holder.holder === 'cli'
      ? `Another users command (pid ${holder.pid}) is using ${dataDir}. Try again when it has finished.`
      : `${dataDir} is held by process ${holder.pid}, which does not answer on ${socketPath(dataDir)}. ` +
          'If it is an Overseer server that is still starting, try again in a moment; if it runs as another ' +
          'user, run this command as that user; if it is stuck, stop it and run this command again. ' +
          `If no such process is running, delete ${lockPath(dataDir)}.`,
  )

/** Waits briefly for a server that holds the lock to answer (it may be starting). */
const serverAnswers = async (dataDir: string, attempts = 10): Promise<boolean> => {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await pingControl(socketPath(dataDir), 1_000)) return true
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  return false
}

/**
 * The embedded database: through the running server's control channel when a live server holds
 * DATA_DIR, else directly (taking the lock for the time of the command, a stale one included).
 */
const runOnPglite = async (dataDir: string, command: UserCommand, io: CliIo): Promise<UserCommandResult> => {
  const current = await readLock(dataDir)
  if (current !== undefined && current !== 'unreadable' && isProcessAlive(current.pid) && current.holder === 'server') {
    if (await serverAnswers(dataDir)) return viaServer(dataDir, current, command, io)
    throw unresponsive(dataDir, current)
  }
  let lock
  // What the command writes in DATA_DIR is for its user only, as the server's files are.
  createPrivately()
  try {
    lock = await acquireLock(dataDir, 'cli', { waitMs: 10_000, waitFor: ['cli'] })
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error
    // A server started meanwhile: it is the way in now.
    if (error.holder.holder === 'server' && (await serverAnswers(dataDir))) return viaServer(dataDir, error.holder, command, io)
    throw unresponsive(dataDir, error.holder)
  }
  const release = (): void => lock.releaseSync()
  process.once('exit', release)
  try {
    return await runDirect(await openPglite(dataDir), command, io.passwords ?? createPasswordHasher())
  } finally {
    process.off('exit', release)
    await lock.release()
  }
}

const table = (users: UserSummary[]): string => {
  const none = (values: readonly string[]): string => (values.length > 0 ? values.join(', ') : '-')
  const rows = [
    ['email', 'roles', 'extra permissions', 'disabled'],
    ...users.map((user) => [user.email, none(user.roles), none(user.extraPermissions), user.disabled ? 'yes' : 'no']),
  ]
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  const line = (row: string[]): string => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()
  const [header = [], ...body] = rows
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n')
}

/** `npm run users -- <command>`; resolves to the exit code. */
export const runUsersCli = async (argv: string[], io: CliIo): Promise<number> => {
  try {
    const parsed = parseCommand(argv)
    if (parsed === 'help') {
      io.stdout.write(`${USAGE}\n`)
      return EXIT.ok
    }
    const config = loadConfig(io.env)
    const command = await toCommand(parsed, io)
    const result = config.databaseUrl
      ? await runDirect(await openPostgres(config.databaseUrl), command, io.passwords ?? createPasswordHasher())
      : await runOnPglite(config.dataDir, command, io)
    io.stdout.write(`${command.name === 'list' ? (result.users.length > 0 ? table(result.users) : 'No users yet.') : result.message}\n`)
    return EXIT.ok
  } catch (error) {
    const [code, message] =
      error instanceof CliFailure
        ? [error.exitCode, error.message]
        : error instanceof UsageError
          ? [EXIT.usage, error.showUsage ? `${error.message}\n\n${USAGE}` : error.message]
          : error instanceof UserCommandError
            ? [EXIT_BY_CODE[error.code], error.message]
            : error instanceof PasswordInputError || error instanceof ConfigError
              ? [EXIT.usage, error.message]
              : error instanceof PasswordHasherBusyError
                ? [EXIT.busy, 'Too many password operations at once; try again']
                : [EXIT.failed, error instanceof Error ? error.message : String(error)]
    io.stderr.write(`Error: ${message}\n`)
    return code
  }
}

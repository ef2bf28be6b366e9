import type { UserService } from './userService'
import type { UserSummary } from './users'

/**
 * The users command as data: what `npm run users` asks for, run here directly or sent as JSON
 * to a running server's control channel, which runs it here too. One implementation either way.
 */
export type UserCommand =
  | { name: 'create'; email: string; password: string; roles: string[]; permissions: string[] }
  | { name: 'grant'; email: string; roles: string[]; permissions: string[] }
  | { name: 'revoke'; email: string; roles: string[]; permissions: string[] }
  | { name: 'reset-password'; email: string; password: string }
  | { name: 'disable'; email: string }
  | { name: 'enable'; email: string }
  | { name: 'list' }

export type UserCommandName = UserCommand['name']

export const USER_COMMAND_NAMES: readonly UserCommandName[] = [
  'create',
  'grant',
  'revoke',
  'reset-password',
  'disable',
  'enable',
  'list',
]

/** What a command answers: a line for people, and the accounts it concerns. */
export interface UserCommandResult {
  message: string
  users: UserSummary[]
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString)

/** Checks the shape of a command received as JSON; the service checks the values. */
export const parseUserCommand = (value: unknown): UserCommand | undefined => {
  if (typeof value !== 'object' || value === null) return undefined
  const fields = value as Record<string, unknown>
  const { name, email, password, roles = [], permissions = [] } = fields
  switch (name) {
    case 'list':
      return { name }
    case 'disable':
    case 'enable':
      return isString(email) ? { name, email } : undefined
    case 'reset-password':
      return isString(email) && isString(password) ? { name, email, password } : undefined
    case 'create':
      return isString(email) && isString(password) && isStringList(roles) && isStringList(permissions)
        ? { name, email, password, roles, permissions }
        : undefined
    case 'grant':
    case 'revoke':
      return isString(email) && isStringList(roles) && isStringList(permissions) ? { name, email, roles, permissions } : undefined
    default:
      return undefined
  }
}

const listed = (names: readonly string[]): string => (names.length > 0 ? names.join(', ') : 'none')

const sessions = (count: number): string => `${count} session${count === 1 ? '' : 's'} ended`

export const executeUserCommand = async (users: UserService, command: UserCommand): Promise<UserCommandResult> => {
  switch (command.name) {
    case 'create': {
      const user = await users.create(command)
      const extra = user.extraPermissions.length > 0 ? `, extra permissions: ${listed(user.extraPermissions)}` : ''
      return { message: `Created ${user.email} (roles: ${listed(user.roles)}${extra})`, users: [user] }
    }
    case 'grant':
    case 'revoke': {
      const { user, changedRoles, changedPermissions } = await users[command.name](command.email, command)
      const changed = [...changedRoles, ...changedPermissions]
      const verb = command.name === 'grant' ? 'Granted' : 'Revoked'
      const head = changed.length > 0 ? `${verb} ${listed(changed)} ${command.name === 'grant' ? 'to' : 'from'} ${user.email}` : `Nothing changed for ${user.email}`
      return {
        message: `${head}. Roles: ${listed(user.roles)}; extra permissions: ${listed(user.extraPermissions)}`,
        users: [user],
      }
    }
    case 'reset-password': {
      const { user, sessionsRevoked } = await users.resetPassword(command.email, command.password)
      return { message: `Password of ${user.email} reset; ${sessions(sessionsRevoked)}`, users: [user] }
    }
    case 'disable': {
      const { user, sessionsRevoked } = await users.disable(command.email)
      return { message: `Disabled ${user.email}; ${sessions(sessionsRevoked)}`, users: [user] }
    }
    case 'enable': {
      const user = await users.enable(command.email)
      return { message: `Enabled ${user.email}`, users: [user] }
    }
    case 'list': {
      const all = await users.list()
      return { message: `${all.length} user${all.length === 1 ? '' : 's'}`, users: all }
    }
  }
}

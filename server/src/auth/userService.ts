import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from '@contracts/leads'
import type { Database } from '../db'
import type { PasswordHasher } from './password'
import { passwordProblem } from './password'
import { isPermission, isRole, PERMISSIONS, ROLES, type Permission, type Role } from './permissions'
import { createSessionRepository } from './sessionRepository'
import { createUserRepository, isUniqueViolation, type UserRepository } from './userRepository'
import type { UserSummary } from './users'

/** What went wrong, for exit codes and the control channel: bad input, no such user, e-mail taken. */
export type UserErrorCode = 'invalid' | 'unknown_user' | 'email_taken'

/** A refusal meant for the person running the command (nothing internal in the message). */
export class UserCommandError extends Error {
  override name = 'UserCommandError'

  constructor(
    readonly code: UserErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export interface AccessChange {
  roles?: readonly string[]
  permissions?: readonly string[]
}

export interface AccessChangeResult {
  user: UserSummary
  /** Roles and permissions that actually changed (granting a held role changes nothing). */
  changedRoles: Role[]
  changedPermissions: Permission[]
}

export interface SessionsRevoked {
  user: UserSummary
  sessionsRevoked: number
}

export const validEmail = (email: string): string => {
  const normalized = normalizeEmail(email)
  if (normalized === '') throw new UserCommandError('invalid', 'An e-mail address is required')
  if (normalized.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(normalized)) {
    throw new UserCommandError('invalid', `"${email}" is not a valid e-mail address`)
  }
  return normalized
}

const validPassword = (password: string): string => {
  const problem = passwordProblem(password)
  if (problem) throw new UserCommandError('invalid', problem)
  return password
}

const validRoles = (roles: readonly string[] = []): Role[] =>
  roles.map((role) => {
    if (!isRole(role)) throw new UserCommandError('invalid', `Unknown role "${role}". Roles: ${ROLES.join(', ')}`)
    return role
  })

const validPermissions = (permissions: readonly string[] = []): Permission[] =>
  permissions.map((permission) => {
    if (!isPermission(permission)) {
      throw new UserCommandError('invalid', `Unknown permission "${permission}". Permissions: ${PERMISSIONS.join(', ')}`)
    }
    return permission
  })

const validChange = (change: AccessChange): { roles: Role[]; permissions: Permission[] } => {
  const roles = validRoles(change.roles)
  const permissions = validPermissions(change.permissions)
  if (roles.length === 0 && permissions.length === 0) throw new UserCommandError('invalid', 'Name a role or a permission')
  return { roles, permissions }
}

/**
 * Staff account management: the one implementation behind `npm run users` (directly, or through
 * a running server's control channel) and the first admin from ADMIN_EMAIL. Every input is
 * checked here, since the control channel passes on whatever a client sends.
 */

export class UserService {
  private readonly users: UserRepository

  constructor(
    private readonly db: Database,
    private readonly passwords: PasswordHasher,
  ) {
    this.users = createUserRepository(db)
  }

  private async existing(email: string): Promise<UserSummary> {
    const user = await this.users.findByEmail(validEmail(email))
    if (!user) throw new UserCommandError('unknown_user', `No user with the e-mail ${normalizeEmail(email)}`)
    return user
  }

  private async reload(id: number): Promise<UserSummary> {
    const user = await this.users.findById(id)
    if (!user) throw new UserCommandError('unknown_user', 'The user was deleted meanwhile')
    return user
  }

  count(): Promise<number> {
    return this.users.count()
  }

  async create({ email, password, roles, permissions }: { email: string; password: string } & AccessChange): Promise<UserSummary> {
    const address = validEmail(email)
    const granted = { roles: validRoles(roles), permissions: validPermissions(permissions) }
    validPassword(password)
    // The slow hash runs before the transaction, so it holds no connection while it works.
    const passwordHash = await this.passwords.hash(password)
    try {
      const id = await this.db.transaction(async (tx) => {
        const inTx = createUserRepository(tx)
        const newId = await inTx.insert(address, passwordHash)
        await inTx.addRoles(newId, granted.roles)
        await inTx.addPermissions(newId, granted.permissions)
        return newId
      })
      return await this.reload(id)
    } catch (error) {
      if (isUniqueViolation(error)) throw new UserCommandError('email_taken', `A user with the e-mail ${address} already exists`)
      throw error
    }
  }

  async grant(email: string, change: AccessChange): Promise<AccessChangeResult> {
    const { roles, permissions } = validChange(change)
    const user = await this.existing(email)
    const [changedRoles, changedPermissions] = await this.db.transaction(async (tx) => {
      const inTx = createUserRepository(tx)
      return [await inTx.addRoles(user.id, roles), await inTx.addPermissions(user.id, permissions)] as const
    })
    return { user: await this.reload(user.id), changedRoles, changedPermissions }
  }

  async revoke(email: string, change: AccessChange): Promise<AccessChangeResult> {
    const { roles, permissions } = validChange(change)
    const user = await this.existing(email)
    const [changedRoles, changedPermissions] = await this.db.transaction(async (tx) => {
      const inTx = createUserRepository(tx)
      return [await inTx.removeRoles(user.id, roles), await inTx.removePermissions(user.id, permissions)] as const
    })
    return { user: await this.reload(user.id), changedRoles, changedPermissions }
  }

  /** Sets a new password and ends every session of the user. */
  async resetPassword(email: string, password: string): Promise<SessionsRevoked> {
    validPassword(password)
    const user = await this.existing(email)
    const passwordHash = await this.passwords.hash(password)
    const sessionsRevoked = await this.db.transaction(async (tx) => {
      await createUserRepository(tx).setPasswordHash(user.id, passwordHash)
      return createSessionRepository(tx).revokeAll(user.id)
    })
    return { user: await this.reload(user.id), sessionsRevoked }
  }

  /** Stops the user signing in and ends every session. */
  async disable(email: string): Promise<SessionsRevoked> {
    const user = await this.existing(email)
    const sessionsRevoked = await this.db.transaction(async (tx) => {
      await createUserRepository(tx).setDisabled(user.id, true)
      return createSessionRepository(tx).revokeAll(user.id)
    })
    return { user: await this.reload(user.id), sessionsRevoked }
  }

  async enable(email: string): Promise<UserSummary> {
    const user = await this.existing(email)
    await this.users.setDisabled(user.id, false)
    return this.reload(user.id)
  }

  list(): Promise<UserSummary[]> {
    return this.users.list()
  }
}

import type { Permission, Role } from './permissions'

/** The signed-in user as the API shows it: never a password hash or a token. */
export interface AuthUser {
  id: number
  email: string
  /** Highest first. */
  roles: Role[]
  /** Effective: the roles' permissions plus direct grants. */
  permissions: Permission[]
}

/** An account as the users command and its list show it. */
export interface UserSummary extends AuthUser {
  /** Permissions granted directly, beyond those of the roles. */
  extraPermissions: Permission[]
  disabled: boolean
  /** ISO 8601. */
  createdAt: string
}

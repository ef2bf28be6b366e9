/**
 * Roles and permissions: the one place that says which role grants what.
 * A user's permissions are the union of its roles' permissions and its direct grants.
 */

import { PERMISSIONS, ROLES, type Permission, type Role } from '@contracts/auth'

export { PERMISSIONS, ROLES, type Permission, type Role } from '@contracts/auth'

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: PERMISSIONS,
  operator: ['architect.access', 'architect.overseer', 'architect.logs', 'architect.approvals', 'architect.questions'],
  viewer: ['architect.access', 'architect.logs'],
}

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value)

export const isPermission = (value: unknown): value is Permission => (PERMISSIONS as readonly unknown[]).includes(value)

/** Roles in rank order (admin first), without duplicates. */
export const sortRoles = (roles: Iterable<Role>): Role[] => {
  const held = new Set(roles)
  return ROLES.filter((role) => held.has(role))
}

/** Permissions in the order of PERMISSIONS, without duplicates. */
export const sortPermissions = (permissions: Iterable<Permission>): Permission[] => {
  const held = new Set(permissions)
  return PERMISSIONS.filter((permission) => held.has(permission))
}

/** The union of the roles' permissions and the direct grants. */
export const effectivePermissions = (roles: Iterable<Role>, grants: Iterable<Permission> = []): Permission[] =>
  sortPermissions([...[...roles].flatMap((role) => ROLE_PERMISSIONS[role]), ...grants])

import type { Queryable } from '../db'
import { effectivePermissions, isPermission, isRole, sortPermissions, sortRoles, type Permission, type Role } from './permissions'
import type { AuthUser, UserSummary } from './users'

export interface Credentials {
  id: number
  passwordHash: string
  disabled: boolean
}

interface UserRow {
  id: number
  email: string
  roles: string[]
  grants: string[]
  disabled_at: Date | null
  created_at: Date
}

/** A user's columns with its roles and direct grants as arrays, for `from users u`. */
export const USER_COLUMNS = `u.id, u.email, u.disabled_at, u.created_at,
  array(select r.role from user_roles r where r.user_id = u.id) as roles,
  array(select p.permission from user_permissions p where p.user_id = u.id) as grants`

/** Names the code no longer knows (a role removed since) are dropped, never trusted. */
const rolesOf = (row: Pick<UserRow, 'roles'>): Role[] => sortRoles(row.roles.filter(isRole))
const grantsOf = (row: Pick<UserRow, 'grants'>): Permission[] => sortPermissions(row.grants.filter(isPermission))

export const toAuthUser = (row: Pick<UserRow, 'id' | 'email' | 'roles' | 'grants'>): AuthUser => {
  const roles = rolesOf(row)
  return { id: Number(row.id), email: row.email, roles, permissions: effectivePermissions(roles, grantsOf(row)) }
}

const toSummary = (row: UserRow): UserSummary => ({
  ...toAuthUser(row),
  extraPermissions: grantsOf(row),
  disabled: row.disabled_at !== null,
  createdAt: row.created_at.toISOString(),
})

/** PostgreSQL's unique_violation, as both drivers report it. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'

export interface UserRepository {
  count(): Promise<number>
  /** Looks the normalised e-mail up; what signing in needs and nothing more. */
  findCredentials(email: string): Promise<Credentials | undefined>
  findByEmail(email: string): Promise<UserSummary | undefined>
  findById(id: number): Promise<UserSummary | undefined>
  list(): Promise<UserSummary[]>
  /** Throws a unique violation (see isUniqueViolation) when the e-mail is taken. */
  insert(email: string, passwordHash: string): Promise<number>
  setPasswordHash(id: number, passwordHash: string): Promise<void>
  setDisabled(id: number, disabled: boolean): Promise<void>
  /** Returns the roles that were not held before. */
  addRoles(id: number, roles: readonly Role[]): Promise<Role[]>
  /** Returns the roles that were held. */
  removeRoles(id: number, roles: readonly Role[]): Promise<Role[]>
  addPermissions(id: number, permissions: readonly Permission[]): Promise<Permission[]>
  removePermissions(id: number, permissions: readonly Permission[]): Promise<Permission[]>
}

export const createUserRepository = (db: Queryable): UserRepository => {
  const findOne = async (where: string, value: unknown): Promise<UserSummary | undefined> => {
    const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from users u where ${where}`, [value])
    return rows[0] && toSummary(rows[0])
  }

  return {
    count: async () => {
      const { rows } = await db.query<{ count: number }>('select count(*)::int as count from users')
      return rows[0]?.count ?? 0
    },
    findCredentials: async (email) => {
      const { rows } = await db.query<{ id: number; password_hash: string; disabled_at: Date | null }>(
        'select id, password_hash, disabled_at from users where email = $1',
        [email],
      )
      const row = rows[0]
      return row && { id: Number(row.id), passwordHash: row.password_hash, disabled: row.disabled_at !== null }
    },
    findByEmail: (email) => findOne('u.email = $1', email),
    findById: (id) => findOne('u.id = $1', id),
    list: async () => {
      const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from users u order by u.email`)
      return rows.map(toSummary)
    },
    insert: async (email, passwordHash) => {
      const { rows } = await db.query<{ id: number }>(
        'insert into users (email, password_hash) values ($1, $2) returning id',
        [email, passwordHash],
      )
      const id = rows[0]?.id
      if (id === undefined) throw new Error('insert into users returned no id')
      return Number(id)
    },
    setPasswordHash: async (id, passwordHash) => {
      await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [id, passwordHash])
    },
    setDisabled: async (id, disabled) => {
      await db.query(
        `update users set disabled_at = case when $2::boolean then coalesce(disabled_at, now()) end, updated_at = now()
         where id = $1`,
        [id, disabled],
      )
    },
    addRoles: async (id, roles) => {
      const { rows } = await db.query<{ role: string }>(
        `insert into user_roles (user_id, role) select $1, unnest($2::text[])
         on conflict do nothing returning role`,
        [id, [...roles]],
      )
      return sortRoles(rows.map((row) => row.role).filter(isRole))
    },
    removeRoles: async (id, roles) => {
      const { rows } = await db.query<{ role: string }>(
        'delete from user_roles where user_id = $1 and role = any($2::text[]) returning role',
        [id, [...roles]],
      )
      return sortRoles(rows.map((row) => row.role).filter(isRole))
    },
    addPermissions: async (id, permissions) => {
      const { rows } = await db.query<{ permission: string }>(
        `insert into user_permissions (user_id, permission) select $1, unnest($2::text[])
         on conflict do nothing returning permission`,
        [id, [...permissions]],
      )
      return sortPermissions(rows.map((row) => row.permission).filter(isPermission))
    },
    removePermissions: async (id, permissions) => {
      const { rows } = await db.query<{ permission: string }>(
        'delete from user_permissions where user_id = $1 and permission = any($2::text[]) returning permission',
        [id, [...permissions]],
      )
      return sortPermissions(rows.map((row) => row.permission).filter(isPermission))
    },
  }
}

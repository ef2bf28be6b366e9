import type { Queryable } from '../db'
import { hashSessionToken, isSessionTokenFormat, newSessionToken } from './tokens'
import { toAuthUser, USER_COLUMNS } from './userRepository'
import type { AuthUser } from './users'

export interface SessionRepository {
  /** Stores a new session (its token's hash only) and returns the token. */
  create(userId: number, expiresAt: Date): Promise<string>
  /** The user of a live session: not expired, not revoked, user not disabled. */
  findUser(token: string): Promise<AuthUser | undefined>
  /** Ends one session; true when it was live. */
  revoke(token: string): Promise<boolean>
  /** Ends every live session of a user; returns how many. */
  revokeAll(userId: number): Promise<number>
  /** Deletes a user's sessions that have ended (expired or revoked), so the table doesn't grow forever. */
  purgeEnded(userId: number): Promise<void>
}

interface SessionUserRow {
  id: number
  email: string
  roles: string[]
  grants: string[]
}

export const createSessionRepository = (db: Queryable): SessionRepository => ({
  create: async (userId, expiresAt) => {
    const token = newSessionToken()
    await db.query('insert into sessions (user_id, token_hash, expires_at) values ($1, $2, $3)', [
      userId,
      hashSessionToken(token),
      expiresAt,
    ])
    return token
  },
  findUser: async (token) => {
    if (!isSessionTokenFormat(token)) return undefined
    const { rows } = await db.query<SessionUserRow>(
      `select ${USER_COLUMNS}
       from sessions s join users u on u.id = s.user_id
       where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.disabled_at is null`,
      [hashSessionToken(token)],
    )
    return rows[0] && toAuthUser(rows[0])
  },
  revoke: async (token) => {
    if (!isSessionTokenFormat(token)) return false
    const { rows } = await db.query(
      'update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null and expires_at > now() returning id',
      [hashSessionToken(token)],
    )
    return rows.length > 0
  },
  revokeAll: async (userId) => {
    const { rows } = await db.query(
      'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and expires_at > now() returning id',
      [userId],
    )
    return rows.length
  },
  purgeEnded: async (userId) => {
    await db.query('delete from sessions where user_id = $1 and (revoked_at is not null or expires_at <= now())', [userId])
  },
})

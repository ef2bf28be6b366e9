import type { Database } from '../db'
import type { PasswordHasher } from './password'
import { createSessionRepository } from './sessionRepository'
import { createUserRepository } from './userRepository'
import type { AuthUser } from './users'

const HOUR = 3_600_000
/** A browser-session sign-in still ends on the server after 12 hours. */
export const SESSION_TTL_MS = 12 * HOUR
/** 'Remember me': the cookie and the server-side session last 30 days. */
export const REMEMBERED_SESSION_TTL_MS = 30 * 24 * HOUR

export interface SignedIn {
  user: AuthUser
  token: string
  expiresAt: Date
}

export interface AuthService {
  /**
   * Checks e-mail (normalised) and password and opens a new session. Undefined for an unknown
   * e-mail, a wrong password or a disabled user alike, after the same amount of hashing.
   */
  signIn(email: string, password: string, remember: boolean): Promise<SignedIn | undefined>
  /** The user of a live session, or undefined. */
  userForToken(token: string): Promise<AuthUser | undefined>
  signOut(token: string): Promise<boolean>
}

export const createAuthService = (db: Database, passwords: PasswordHasher, now: () => number = Date.now): AuthService => {
  const users = createUserRepository(db)
  const sessions = createSessionRepository(db)

  return {
    signIn: async (email, password, remember) => {
      const credentials = await users.findCredentials(email)
      if (!credentials) return passwords.verifyDummy(password).then(() => undefined)
      // A disabled user's password is still checked, so the answer takes as long as any other.
      const matches = await passwords.verify(password, credentials.passwordHash)
      if (!matches || credentials.disabled) return undefined

      const expiresAt = new Date(now() + (remember ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS))
      await sessions.purgeEnded(credentials.id)
      const token = await sessions.create(credentials.id, expiresAt)
      const user = await sessions.findUser(token)
      // Disabled between the check and now: don't leave the session behind.
      if (!user) {
        await sessions.revoke(token)
        return undefined
      }
      return { user, token, expiresAt }
    },
    userForToken: async (token) => sessions.findUser(token),
    signOut: (token) => sessions.revoke(token),
  }
}

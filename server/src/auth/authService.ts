import type { Database } from '../db'
import type { PasswordHasher } from './password'
import { createSessionRepository, type SessionRepository } from './sessionRepository'
import { createUserRepository, type UserRepository } from './userRepository'
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

/** Staff sign-in: checks credentials and keeps the server-side sessions. */
export class AuthService {
  private readonly users: UserRepository
  private readonly sessions: SessionRepository

  constructor(
    db: Database,
    private readonly passwords: PasswordHasher,
    private readonly now: () => number = Date.now,
  ) {
    this.users = createUserRepository(db)
    this.sessions = createSessionRepository(db)
  }

  /**
   * Checks e-mail (normalised) and password and opens a new session. Undefined for an unknown
   * e-mail, a wrong password or a disabled user alike, after the same amount of hashing.
   */
  async signIn(email: string, password: string, remember: boolean): Promise<SignedIn | undefined> {
    const credentials = await this.users.findCredentials(email)
    if (!credentials) return this.passwords.verifyDummy(password).then(() => undefined)
    // A disabled user's password is still checked, so the answer takes as long as any other.
    const matches = await this.passwords.verify(password, credentials.passwordHash)
    if (!matches || credentials.disabled) return undefined

    const expiresAt = new Date(this.now() + (remember ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS))
    await this.sessions.purgeEnded(credentials.id)
    const token = await this.sessions.create(credentials.id, expiresAt)
    const user = await this.sessions.findUser(token)
    // Disabled between the check and now: don't leave the session behind.
    if (!user) {
      await this.sessions.revoke(token)
      return undefined
    }
    return { user, token, expiresAt }
  }

  /** The user of a live session, or undefined. */
  userForToken(token: string): Promise<AuthUser | undefined> {
    return this.sessions.findUser(token)
  }

  signOut(token: string): Promise<boolean> {
    return this.sessions.revoke(token)
  }
}

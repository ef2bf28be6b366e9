import { AUTH_TOKEN_KEY } from '../../config'

/** The sign-in token kept in local storage (`auth_token`). Storage may be unavailable (private mode). */
export const authToken = {
  get(): string | null {
    try {
      return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) ?? null
    } catch {
      return null
    }
  },
  set(token: string): void {
    try {
      globalThis.localStorage?.setItem(AUTH_TOKEN_KEY, token)
    } catch {
      /* storage unavailable: the session cookie still authenticates */
    }
  },
  clear(): void {
    try {
      globalThis.localStorage?.removeItem(AUTH_TOKEN_KEY)
    } catch {
      /* nothing stored */
    }
  },
}

import { createContext, useContext } from 'react'
import type { LoginCredentials, SessionStatus, SessionUser } from './types'

export interface AuthContextValue {
  status: SessionStatus
  user: SessionUser | null
  /** Signs in; throws with the server's message, else 'Authentication failed'. */
  login: (credentials: LoginCredentials) => Promise<SessionUser>
  /** Signs out on the server and always locally. */
  logout: () => Promise<void>
  hasPermission: (permission: string) => boolean
}

export const AuthContext = createContext<AuthContextValue | null>(null)

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within an AuthProvider')
  return value
}

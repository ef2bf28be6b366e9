import { useCallback, useEffect, useMemo, type ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { AuthContext, type AuthContextValue } from '../model/authContext'
import { loggedIn, loggedOut, selectSessionStatus, selectSessionUser, sessionChecked } from '../model/sessionSlice'
import type { LoginCredentials } from '../model/types'

/** Checks the session once when first mounted and gives its subtree `useAuth()`. */
export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const dispatch = useAppDispatch()
  const status = useAppSelector(selectSessionStatus)
  const user = useAppSelector(selectSessionUser)

  useEffect(() => {
    if (status === 'idle') void dispatch(sessionChecked())
  }, [dispatch, status])

  const login = useCallback(
    (credentials: LoginCredentials) =>
      dispatch(loggedIn(credentials))
        .unwrap()
        .catch((failure: { message?: string }) => {
          throw new Error(failure.message || 'Authentication failed')
        }),
    [dispatch],
  )
  const logout = useCallback(async () => {
    await dispatch(loggedOut())
  }, [dispatch])
  const hasPermission = useCallback((permission: string) => user?.permissions.includes(permission) ?? false, [user])

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, logout, hasPermission }),
    [status, user, login, logout, hasPermission],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

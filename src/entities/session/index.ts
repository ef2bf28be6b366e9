export { AuthProvider } from './ui/AuthProvider'
export { RequirePermission } from './ui/RequirePermission'
export { useAuth } from './model/authContext'
export type { AuthContextValue } from './model/authContext'
export {
  sessionSlice,
  sessionChecked,
  loggedIn,
  loggedOut,
  selectSessionStatus,
  selectSessionUser,
  selectHasPermission,
} from './model/sessionSlice'
export type { SessionState } from './model/sessionSlice'
export { signedIn, signedOut } from './model/events'
export { highestRoleLabel } from './model/types'
export type { SessionUser, SessionStatus, LoginCredentials } from './model/types'

import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { Spinner } from '@/shared/ui'
import { AuthProvider, useAuth } from '@/entities/session'
import { UnderConstructionPage } from '@/pages/under-construction'

/** Routes below this know who is signed in (`useAuth`); the session is checked once, here. */
export const AuthScope = () => (
  <AuthProvider>
    <Outlet />
  </AuthProvider>
)

const isChecking = (status: string) => status === 'idle' || status === 'loading'

/**
 * Reading one of the protected wrapper: 'Verifying access...' while the session is checked;
 * anonymous visitors go to /login and users without the permission to /unauthorized, both
 * remembering where they came from.
 */
export const RequireAuth = ({ permission }: { permission?: string }) => {
  const { status, user, hasPermission } = useAuth()
  const location = useLocation()
  if (isChecking(status)) return <Spinner label="Verifying access..." fullScreen size="large" />
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />
  if (permission && !hasPermission(permission)) return <Navigate to="/unauthorized" replace state={{ from: location }} />
  return <Outlet />
}

/**
 * Reading two, for SITE_MODE=prelaunch: 'Checking access...' while loading; anonymous visitors
 * see the under-construction page; signed-in staff see the site.
 */
export const PrelaunchGate = () => {
  const { status, user } = useAuth()
  if (isChecking(status)) return <Spinner label="Checking access..." fullScreen size="large" />
  if (!user) return <UnderConstructionPage alternateLink="/login" alternateLabel="Login to Access" />
  return <Outlet />
}

/** Pre-launch mode wraps the public pages in the auth scope and the gate. */
export const PrelaunchScope = () => (
  <AuthProvider>
    <PrelaunchGate />
  </AuthProvider>
)

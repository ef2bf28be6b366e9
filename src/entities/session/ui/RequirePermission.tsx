import type { ReactNode } from 'react'
import { useAuth } from '../model/authContext'
import styles from './RequirePermission.module.scss'

interface RequirePermissionProps {
  permission: string
  /** The sentence shown without the permission. */
  message: string
  children: ReactNode
}

/** A page's own permission check: its content, or the 'Access Restricted' notice. */
export const RequirePermission = ({ permission, message, children }: RequirePermissionProps) => {
  const { hasPermission } = useAuth()
  if (hasPermission(permission)) return <>{children}</>
  return (
    <section className={styles.restricted} role="alert" aria-labelledby="access-restricted-title">
      <h1 id="access-restricted-title">Access Restricted</h1>
      <p>{message}</p>
    </section>
  )
}

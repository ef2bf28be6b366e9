import { Link, useLocation, useNavigate } from 'react-router-dom'
import { usePageMeta } from '@/shared/lib/seo'
import { CardPage } from '@/shared/ui'
import { useAuth } from '@/entities/session'
import { SignOutButton } from '@/features/sign-out'
import styles from './UnauthorizedPage.module.scss'

export const UNAUTHORIZED_MESSAGE =
  "You don't have permission to access this area of the Architect Suite. This section requires elevated privileges."

export const UnauthorizedPage = () => {
  usePageMeta({ title: 'Access Restricted', description: 'This area of the Architect Suite needs more permissions.' })
  const { user } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const from = (location.state as { from?: unknown } | null)?.from

  return (
    <CardPage className={styles.card}>
      <h1>Access Restricted</h1>
      <p className={styles.message}>{UNAUTHORIZED_MESSAGE}</p>
      {user ? (
        <dl className={styles.identity}>
          <dt>Signed in as</dt>
          <dd>{user.email}</dd>
          <dt>Roles</dt>
          <dd>{user.roles.length > 0 ? user.roles.join(', ') : 'none'}</dd>
        </dl>
      ) : (
        <p className={styles.identity}>You are not signed in.</p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => navigate(-1)}>
          Go Back
        </button>
        <Link to="/architect" className={styles.button}>
          Architect Dashboard
        </Link>
        <SignOutButton className={styles.button} />
        <Link to="/login" state={{ from }} className={`${styles.button} ${styles.primary}`}>
          Sign In
        </Link>
      </div>
      <p className={styles.help}>
        Need access? <Link to="/contact">Contact us</Link> or ask an administrator of your team.
      </p>
    </CardPage>
  )
}

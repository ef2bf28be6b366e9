import { Link, useLocation, useNavigate, type Location } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { CardPage } from '@/shared/ui'
import { LoginForm } from './LoginForm'
import styles from './LoginPage.module.scss'

/** Where to go after signing in: the page the user came from, else the dashboard. */
export const originOf = (state: unknown): string => {
  const from = (state as { from?: Partial<Location> } | null)?.from
  if (!from?.pathname || from.pathname === '/login') return '/architect'
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

export const LoginPage = () => {
  usePageMeta({ title: 'Sign In', description: `Sign in to the ${PRODUCT_NAME} Architect Suite.` })
  const location = useLocation()
  const navigate = useNavigate()

  return (
    <CardPage backdrop="brand" width="narrow">
      <h1 className={styles.title}>Architect Suite</h1>
      <p className={styles.subtitle}>Sign in with your staff account.</p>
      <LoginForm onSignedIn={() => navigate(originOf(location.state), { replace: true })} />
      <p className={styles.back}>
        <Link to="/">← Back to the public site</Link>
      </p>
    </CardPage>
  )
}

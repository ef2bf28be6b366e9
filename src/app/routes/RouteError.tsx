import { Link, useRouteError } from 'react-router-dom'
import styles from './RouteError.module.scss'

/** Shown when a page fails to load (for example its code could not be fetched). */
export const RouteError = () => {
  const error = useRouteError()
  const message = error instanceof Error ? error.message : 'An unexpected error occurred.'
  return (
    <main className={styles.page} id="main">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        or <Link to="/">return home</Link>.
      </p>
    </main>
  )
}

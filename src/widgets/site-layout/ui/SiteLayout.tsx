import { Outlet, ScrollRestoration, type Location } from 'react-router-dom'
import { SkipLink } from '@/shared/ui'
import { Footer } from './Footer'
import { Navbar } from './Navbar'
import styles from './SiteLayout.module.scss'

/**
 * Where a page's scroll position is kept: the history entry's key, but every document loaded
 * afresh (a typed address, a link from elsewhere) has the key 'default', so those go by path;
 * else a page loaded after another one would open at the other one's position.
 */
const scrollKey = (location: Location): string => (location.key === 'default' ? location.pathname : location.key)

/** The public site's frame: navigation bar, the page, footer. */
export const SiteLayout = () => (
  <div className={styles.layout}>
    <SkipLink />
    <Navbar />
    <main id="main" className={styles.main} tabIndex={-1}>
      <Outlet />
    </main>
    <Footer />
    <ScrollRestoration getKey={scrollKey} />
  </div>
)

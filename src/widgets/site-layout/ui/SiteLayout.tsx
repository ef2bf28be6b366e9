import { Outlet, ScrollRestoration } from 'react-router-dom'
import { SkipLink } from '@/shared/ui'
import { Footer } from './Footer'
import { Navbar } from './Navbar'
import styles from './SiteLayout.module.scss'

/** The public site's frame: navigation bar, the page, footer. */
export const SiteLayout = () => (
  <div className={styles.layout}>
    <SkipLink />
    <Navbar />
    <main id="main" className={styles.main} tabIndex={-1}>
      <Outlet />
    </main>
    <Footer />
    <ScrollRestoration />
  </div>
)

import { Link, NavLink } from 'react-router-dom'
import { BRAND_NAME } from '@/shared/config'
import { scrollToTop } from '@/shared/lib/scroll'
import { NAV_LINKS } from '../config/links'
import { BrandMark } from './BrandMark'
import styles from './Navbar.module.scss'

export const Navbar = () => (
  <header className={styles.header}>
    <nav className={styles.nav} aria-label="Main">
      <Link to="/" className={styles.brand} onClick={scrollToTop}>
        <BrandMark />
        <span>{BRAND_NAME}</span>
      </Link>
      <ul className={styles.links}>
        {NAV_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  </header>
)

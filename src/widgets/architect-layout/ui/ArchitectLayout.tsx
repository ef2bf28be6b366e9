import { Link, NavLink, Outlet, useLocation } from 'react-router-dom'
import { SkipLink } from '@/shared/ui'
import { BRAND_NAME } from '@/shared/config'
import { highestRoleLabel, useAuth } from '@/entities/session'
import { SignOutButton } from '@/features/sign-out'
import { ARCHITECT_SECTIONS, sectionOf } from '../config/sections'
import styles from './ArchitectLayout.module.scss'

/** The Architect Suite's frame: role banner, breadcrumbs and section navigation. */
export const ArchitectLayout = () => {
  const { user, hasPermission } = useAuth()
  const { pathname } = useLocation()
  const current = sectionOf(pathname)

  return (
    <div className={styles.layout}>
      <SkipLink />
      <header className={styles.banner}>
        <div className={styles.bannerInner}>
          <Link to="/" className={styles.brand}>
            {BRAND_NAME} · Architect Suite
          </Link>
          <div className={styles.identity}>
            <span className={styles.role}>{highestRoleLabel(user?.roles ?? [])}</span>
            <span className={styles.email}>{user?.email}</span>
            <SignOutButton className={styles.signOut} />
          </div>
        </div>
      </header>
      <nav className={styles.sections} aria-label="Architect Suite">
        <ul>
          {ARCHITECT_SECTIONS.filter((section) => !section.permission || hasPermission(section.permission)).map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.to === '/architect'}
                className={({ isActive }) => (isActive ? `${styles.sectionLink} ${styles.active}` : styles.sectionLink)}
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className={styles.main} tabIndex={-1}>
        <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/architect">Architect</Link>
            </li>
            <li>
              <span aria-current="page">{current.label}</span>
            </li>
          </ol>
        </nav>
        <Outlet />
      </main>
    </div>
  )
}

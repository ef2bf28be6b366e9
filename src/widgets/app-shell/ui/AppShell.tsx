import { useRef, type ReactNode } from 'react'
import { Link, NavLink } from 'react-router-dom'
import { DEFAULT_APP_TABS, type AppTab } from '../config/tabs'
import { useCurrentTabInView } from '../lib/useCurrentTabInView'
import { useScrollToHash } from '../lib/useScrollToHash'
import styles from './AppShell.module.scss'

interface AppShellProps {
  /** The app's name: the page's one `h1`. */
  name: string
  /** One sentence under the name. */
  tagline: string
  /** Where the app lives, e.g. `/apps/research-tools`; tabs are sub-paths of it. */
  basePath: string
  /** The app's tabs, in order; an empty list shows none. */
  tabs?: readonly AppTab[]
  /** A short label above the name, such as the app's kind. */
  eyebrow?: string
  /** The sub-page. */
  children: ReactNode
}

const tabTarget = (basePath: string, path: string) => (path ? `${basePath}/${path}` : basePath)

/**
 * The frame of an app area: the app's name, a way back to the apps listing, and tabs leading to the
 * app's sub-pages, the current one highlighted and, where the tabs scroll sideways, in sight.
 */
export const AppShell = ({ name, tagline, basePath, tabs = DEFAULT_APP_TABS, eyebrow = 'Application', children }: AppShellProps) => {
  useScrollToHash()
  const tabList = useRef<HTMLUListElement>(null)
  useCurrentTabInView(tabList)
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Link to="/apps" className={styles.back}>
            <span aria-hidden="true">←</span> Back to Apps
          </Link>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.name}>{name}</h1>
          <p className={styles.tagline}>{tagline}</p>
        </div>
        {tabs.length > 0 && (
          <nav className={styles.tabs} aria-label={`${name} sections`}>
            <ul ref={tabList} className={styles.tabList}>
              {tabs.map((tab) => (
                <li key={tab.path}>
                  <NavLink
                    to={tabTarget(basePath, tab.path)}
                    end
                    className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
                  >
                    {tab.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <div className={styles.content}>{children}</div>
    </div>
  )
}

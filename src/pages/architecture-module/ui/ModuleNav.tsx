import { Link } from 'react-router-dom'
import type { FrameworkModule } from '@/entities/framework-module'
import styles from './ArchitectureModulePage.module.scss'

/** Links to modules' pages, each with its one-line description. */
export const ModuleLinks = ({ modules, className }: { modules: readonly FrameworkModule[]; className: string | undefined }) => (
  <ul className={className}>
    {modules.map((module) => (
      <li key={module.id}>
        <Link to={module.link}>{module.title}</Link>
        <span>{module.description}</span>
      </li>
    ))}
  </ul>
)

/** Home / Architecture / the page shown. */
export const Breadcrumbs = ({ current }: { current: string }) => (
  <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
    <ol>
      <li>
        <Link to="/">Home</Link>
      </li>
      <li>
        <Link to="/architecture">Architecture</Link>
      </li>
      <li aria-current="page">{current}</li>
    </ol>
  </nav>
)

import { Link } from 'react-router-dom'
import { ARCHITECT_MODULES } from '../model/modules'
import styles from './ModuleCards.module.scss'

/** The Overview's four module cards, each a link to its Architect page. */
export const ModuleCards = () => (
  <section aria-labelledby="modules-title">
    <h2 id="modules-title" className={styles.title}>
      Modules
    </h2>
    <ul className={styles.grid}>
      {ARCHITECT_MODULES.map((module) => (
        <li key={module.link} className={styles.card}>
          <span className={styles.icon} aria-hidden="true">
            {module.icon}
          </span>
          <p className={styles.category}>{module.category}</p>
          <h3 className={styles.name}>
            <Link to={module.link} className={styles.link}>
              {module.title}
            </Link>
          </h3>
          <p className={styles.description}>{module.description}</p>
        </li>
      ))}
    </ul>
  </section>
)

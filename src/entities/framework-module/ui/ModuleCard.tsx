import { Link } from 'react-router-dom'
import type { FrameworkModule } from '../model/types'
import { ModuleIconGlyph } from './ModuleIconGlyph'
import styles from './ModuleCard.module.scss'

export const ModuleCard = ({ module }: { module: FrameworkModule }) => (
  <article className={styles.card}>
    <span className={styles.icon}>
      <ModuleIconGlyph icon={module.icon} />
    </span>
    <p className={styles.category}>{module.category}</p>
    <h3 className={styles.title}>
      <Link to={module.link} className={styles.link}>
        {module.title}
      </Link>
    </h3>
    <p className={styles.description}>{module.description}</p>
    <span className={styles.more} aria-hidden="true">
      Learn more →
    </span>
  </article>
)

/** Same footprint as a card, shown while cards load. */
export const ModuleCardSkeleton = () => (
  <div className={styles.card} aria-hidden="true" data-testid="module-card-skeleton">
    <span className={`${styles.icon} ${styles.shimmer}`} />
    <span className={`${styles.bar} ${styles.shimmer}`} style={{ width: '35%' }} />
    <span className={`${styles.bar} ${styles.barTall} ${styles.shimmer}`} style={{ width: '60%' }} />
    <span className={`${styles.bar} ${styles.shimmer}`} />
    <span className={`${styles.bar} ${styles.shimmer}`} />
    <span className={`${styles.bar} ${styles.shimmer}`} style={{ width: '80%' }} />
  </div>
)

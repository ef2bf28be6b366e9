import styles from './SkipLink.module.scss'

/** The first stop for keyboard users: jumps past the navigation to the page's main content. */
export const SkipLink = ({ target = 'main' }: { target?: string }) => (
  <a href={`#${target}`} className={styles.skipLink}>
    Skip to main content
  </a>
)

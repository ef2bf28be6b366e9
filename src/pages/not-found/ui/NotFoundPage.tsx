import { Link } from 'react-router-dom'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink } from '@/shared/ui'
import styles from './NotFoundPage.module.scss'

export const NotFoundPage = () => {
  usePageMeta({ title: 'Page Not Found', description: "The page you're looking for doesn't seem to exist." })
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page Not Found</h1>
      <p className={styles.text}>The page you&apos;re looking for doesn&apos;t seem to exist.</p>
      <div className={styles.actions}>
        <ButtonLink to="/">Return Home</ButtonLink>
        <ButtonLink to="/apps" variant="secondary">
          Explore Applications
        </ButtonLink>
      </div>
      <p className={styles.help}>
        Think something is missing? <Link to="/contact">Contact us</Link>.
      </p>
    </section>
  )
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useHydrated } from '@/shared/lib/hydration'
import { NEWSLETTER_DEFAULTS, type NewsletterOptions } from '../model/options'
import styles from './Newsletter.module.scss'

/** Formik and Yup load with the form, and the form loads when it comes near the viewport. */
const NewsletterForm = lazy(() => import(/* webpackChunkName: "newsletter-form" */ './NewsletterForm'))

/** How far below the viewport the form starts loading, so it is ready when the reader arrives. */
const LOAD_MARGIN = '400px'

/** Same size and heading as the form, shown until its code has arrived. */
const Placeholder = ({
  title = NEWSLETTER_DEFAULTS.title,
  description = NEWSLETTER_DEFAULTS.description,
  variant = 'default',
  className,
}: NewsletterOptions) => (
  <section
    className={[styles.newsletter, styles[variant], className].filter(Boolean).join(' ')}
    aria-label={title}
    aria-busy="true"
  >
    {variant !== 'minimal' && (
      <div className={styles.intro}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.description}>{description}</p>
      </div>
    )}
    <div className={styles.formPlaceholder} />
  </section>
)

const useNearViewport = () => {
  const ref = useRef<HTMLDivElement>(null)
  // The placeholder at first, as prerendered.
  const [seen, setNear] = useState(false)
  const hydrated = useHydrated()
  const near = seen || (hydrated && typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  return { ref, near }
}

export const NewsletterSignup = (props: NewsletterOptions) => {
  const { ref, near } = useNearViewport()
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={<Placeholder {...props} />}>
          <NewsletterForm {...props} />
        </Suspense>
      ) : (
        <Placeholder {...props} />
      )}
    </div>
  )
}

import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { CONTACT_EMAIL, PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { NewsletterSignup } from '@/features/subscribe-newsletter'
import styles from './UnderConstructionPage.module.scss'

interface UnderConstructionPageProps {
  title?: string
  message?: string
  estimatedCompletion?: string
  alternateLink?: string
  alternateLabel?: string
}

/** What anonymous visitors see of the public site in pre-launch mode. */
export const UnderConstructionPage = ({
  title = `${PRODUCT_NAME} Site - Coming Soon`,
  message = "We're putting the finishing touches on the new site. Staff can sign in now; everyone else, leave your e-mail and we'll tell you when we open.",
  estimatedCompletion = 'Q3 2025',
  alternateLink = '/',
  alternateLabel = 'Return Home',
}: UnderConstructionPageProps) => {
  usePageMeta({ title: 'Coming Soon', description: `${PRODUCT_NAME} is launching soon.` })
  const [showContact, setShowContact] = useState(false)
  const contactId = useId()

  return (
    <section className={styles.page} aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p className={styles.message}>{message}</p>
      {estimatedCompletion && (
        <p className={styles.estimate}>
          Estimated completion: <strong>{estimatedCompletion}</strong>
        </p>
      )}
      <div className={styles.actions}>
        <Link to={alternateLink} className={styles.primary}>
          {alternateLabel}
        </Link>
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={showContact}
          aria-controls={contactId}
          onClick={() => setShowContact((shown) => !shown)}
        >
          Contact Us
        </button>
      </div>
      <p id={contactId} className={styles.contact} hidden={!showContact}>
        Write to us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
      </p>
      <NewsletterSignup variant="card" className={styles.newsletter} />
    </section>
  )
}

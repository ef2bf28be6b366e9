import { ButtonLink } from '@/shared/ui'
import { PRODUCT_NAME } from '@/shared/config'
import styles from './WaitlistCta.module.scss'

interface WaitlistCtaProps {
  title?: string
  text?: string
}

/** The call to join the waitlist that closes several pages. */
export const WaitlistCta = ({
  title = `Be first to build with ${PRODUCT_NAME}`,
  text = 'Early access opens in June 2025. Join the waitlist and we will let you know as soon as your seat is ready.',
}: WaitlistCtaProps) => (
  <section className={styles.cta} aria-labelledby="waitlist-cta-title">
    <h2 id="waitlist-cta-title">{title}</h2>
    <p>{text}</p>
    <ButtonLink to="/waitlist" size="large" className={styles.button}>
      Join the Waitlist
    </ButtonLink>
  </section>
)

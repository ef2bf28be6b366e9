import { Cta } from '@/shared/ui'
import { PRODUCT_NAME } from '@/shared/config'

interface WaitlistCtaProps {
  title?: string
  text?: string
}

/** The call to join the waitlist that closes several pages. */
export const WaitlistCta = ({
  title = `Be first to build with ${PRODUCT_NAME}`,
  text = 'Early access opens in June 2025. Join the waitlist and we will let you know as soon as your seat is ready.',
}: WaitlistCtaProps) => (
  <Cta title={title} text={text} to="/waitlist" label="Join the Waitlist" headingId="waitlist-cta-title" />
)

import { BRAND_NAME, CONTACT_EMAIL, POSTAL_ADDRESS } from '@/shared/config'

interface CompanyAddressProps {
  /** Pre-filled subject of the e-mail link, so the message reaches the right person. */
  subject: string
}

/** The company's postal address and e-mail, from the shared company settings. */
export const CompanyAddress = ({ subject }: CompanyAddressProps) => (
  <address>
    <strong>{BRAND_NAME}</strong>
    <br />
    {POSTAL_ADDRESS.street}
    <br />
    {POSTAL_ADDRESS.city}
    <br />
    {POSTAL_ADDRESS.country}
    <br />
    E-mail: <a href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}`}>{CONTACT_EMAIL}</a>
  </address>
)

import { useSearchParams } from 'react-router-dom'
import { BRAND_NAME, CONTACT_EMAIL, POSTAL_ADDRESS, PRODUCT_NAME, SOCIAL_LINKS } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { Faq, PageHeader, Reveal } from '@/shared/ui'
import { ContactForm, contactPrefill } from '@/features/send-contact-message'
import { CONTACT_FAQ } from '../model/faq'
import styles from './ContactPage.module.scss'

/** /contact: the contact form (preselected by `?product=` or `?subject=`), how to reach us, FAQ. */
export const ContactPage = () => {
  usePageMeta({
    title: 'Contact Us',
    description: `Questions about ${PRODUCT_NAME}, early access, a demo or a role at ${BRAND_NAME}? Send us a message, e-mail ${CONTACT_EMAIL} or visit us in San Francisco.`,
  })
  const [params] = useSearchParams()
  const prefill = contactPrefill(params)

  return (
    <>
      <PageHeader
        title="Contact Us"
        lead={`Questions about ${PRODUCT_NAME}, early access, a demo for your team or a role with us? Send a message and the right person will answer, usually within two business days.`}
      />

      <div className={styles.layout}>
        <section className={styles.formCard} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          {/* A link to other preselections starts a fresh form. */}
          <ContactForm key={`${prefill.product?.value}/${prefill.subject}`} prefill={prefill} />
        </section>

        <aside className={styles.info} aria-label="Other ways to reach us">
          <section aria-labelledby="contact-info-title">
            <h2 id="contact-info-title">Contact information</h2>
            <dl className={styles.details}>
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
                </dd>
              </div>
              <div>
                <dt>Response time</dt>
                <dd>Within two business days, Monday to Friday</dd>
              </div>
              <div>
                <dt>Follow us</dt>
                <dd>
                  <ul className={styles.social}>
                    {SOCIAL_LINKS.map((link) => (
                      <li key={link.href}>
                        <a href={link.href} target="_blank" rel="noopener noreferrer">
                          {link.label}
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="headquarters-title">
            <h2 id="headquarters-title">Headquarters</h2>
            <address className={styles.address}>
              {BRAND_NAME}
              <br />
              {POSTAL_ADDRESS.street}
              <br />
              {POSTAL_ADDRESS.city}
              <br />
              {POSTAL_ADDRESS.country}
            </address>
            <p className={styles.muted}>
              Our team works mostly remotely and meets here twice a year. Visits are by appointment: send us a message
              first.
            </p>
          </section>
        </aside>
      </div>

      <div className={styles.section}>
        <Reveal>
          <Faq items={CONTACT_FAQ} />
        </Reveal>
      </div>
    </>
  )
}

import { Link } from 'react-router-dom'
import { BRAND_NAME, CONTACT_EMAIL, POSTAL_ADDRESS, PRODUCT_NAME, SOCIAL_LINKS } from '@/shared/config'
import { scrollToTop } from '@/shared/lib/scroll'
import { FOOTER_GROUPS } from '../config/links'
import { BrandMark } from './BrandMark'
import styles from './Footer.module.scss'

export const Footer = () => {
  const year = new Date().getFullYear()
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Link to="/" className={styles.brand} onClick={scrollToTop}>
            <BrandMark />
            <span>{BRAND_NAME}</span>
          </Link>
          <p className={styles.tagline}>
            {PRODUCT_NAME} orchestrates recursive AI agents that turn intent into working software, and never makes a
            significant change without your explicit permission.
          </p>
          <ul className={styles.social} aria-label="Social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.href}>
                <a href={social.href} rel="noopener noreferrer" target="_blank">
                  {social.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} className={styles.group} aria-label={group.title}>
            <h2 className={styles.groupTitle}>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={scrollToTop}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <p>
          © {year} {BRAND_NAME}. All rights reserved.
        </p>
        <address className={styles.address}>
          {POSTAL_ADDRESS.street}, {POSTAL_ADDRESS.city}, {POSTAL_ADDRESS.country} ·{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </address>
      </div>
    </footer>
  )
}

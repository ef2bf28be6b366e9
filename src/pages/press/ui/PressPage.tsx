import { Link } from 'react-router-dom'
import { BRAND_NAME, PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { PageHeader, Reveal } from '@/shared/ui'
import { BOILERPLATE, BRAND_COLOURS, BRAND_FACTS, PRESS_EMAIL, PRESS_RELEASES, type PressRelease } from '../model/press'
import styles from './PressPage.module.scss'

const formatDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

/** The logo mark, as shown in the media kit on a light and a dark tile. */
const LogoMark = ({ label }: { label: string }) => (
  <svg width="96" height="96" viewBox="0 0 64 64" role="img" aria-label={label}>
    <rect width="64" height="64" rx="14" fill="#0f172a" />
    <circle cx="32" cy="32" r="17" fill="none" stroke="#818cf8" strokeWidth="6" />
    <circle cx="32" cy="32" r="6" fill="#f8fafc" />
  </svg>
)

const Release = ({ release }: { release: PressRelease }) => (
  <article id={release.id} className={styles.release} aria-labelledby={`${release.id}-title`}>
    <p className={styles.date}>
      <time dateTime={release.date}>{formatDate(release.date)}</time>
    </p>
    <h3 id={`${release.id}-title`}>{release.title}</h3>
    <p className={styles.subtitle}>{release.subtitle}</p>
    {release.body.map((paragraph) => (
      <p key={paragraph}>{paragraph}</p>
    ))}
    <figure className={styles.quote}>
      <blockquote>
        <p>“{release.quote.text}”</p>
      </blockquote>
      <figcaption>
        {release.quote.name}, {release.quote.role}
      </figcaption>
    </figure>
    <h4>About {BRAND_NAME}</h4>
    <p className={styles.boilerplate}>{BOILERPLATE}</p>
    <p className={styles.contact}>
      Media contact: <a href={`mailto:${PRESS_EMAIL}`}>{PRESS_EMAIL}</a>
    </p>
  </article>
)

export const PressPage = () => {
  usePageMeta({
    title: 'Press',
    description: `Press releases, brand facts and the media kit for ${BRAND_NAME} and ${PRODUCT_NAME}. Press enquiries: ${PRESS_EMAIL}.`,
  })

  return (
    <>
      <PageHeader
        title="Press"
        lead={`News from ${BRAND_NAME}, facts about ${PRODUCT_NAME}, and everything you need to write about us. For interviews and enquiries, e-mail ${PRESS_EMAIL}; we reply within one working day.`}
      />

      <div className={styles.layout}>
        <section className={styles.releases} aria-labelledby="releases-title">
          <h2 id="releases-title">Press releases</h2>
          <ul className={styles.index} aria-label="All press releases">
            {PRESS_RELEASES.map((release) => (
              <li key={release.id}>
                <time dateTime={release.date}>{formatDate(release.date)}</time>
                <Link to={`#${release.id}`}>{release.title}</Link>
              </li>
            ))}
          </ul>
          {PRESS_RELEASES.map((release) => (
            <Reveal key={release.id}>
              <Release release={release} />
            </Reveal>
          ))}
        </section>

        <aside className={styles.kit} aria-labelledby="media-kit-title">
          <h2 id="media-kit-title">Media kit</h2>

          <section aria-labelledby="press-contact-title" className={styles.card}>
            <h3 id="press-contact-title">Press contact</h3>
            <p>
              <a href={`mailto:${PRESS_EMAIL}`}>{PRESS_EMAIL}</a>
            </p>
            <p>
              For interviews with our founders, product briefings and review access. For anything else, use the{' '}
              <Link to="/contact">contact page</Link>.
            </p>
            <p>
              <a href={`mailto:${PRESS_EMAIL}?subject=${encodeURIComponent('Media kit request')}`}>Request the full media kit</a>{' '}
              (logos in SVG and PNG, product screenshots, founder photos).
            </p>
          </section>

          <section aria-labelledby="facts-title" className={styles.card}>
            <h3 id="facts-title">Brand facts</h3>
            <dl className={styles.facts}>
              {BRAND_FACTS.map((fact) => (
                <div key={fact.term}>
                  <dt>{fact.term}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="logo-title" className={styles.card}>
            <h3 id="logo-title">Logo and colours</h3>
            <div className={styles.logos}>
              <span className={styles.logoLight}>
                <LogoMark label={`${BRAND_NAME} logo mark on a light background`} />
              </span>
              <span className={styles.logoDark}>
                <LogoMark label={`${BRAND_NAME} logo mark on a dark background`} />
              </span>
            </div>
            <p>Keep clear space of at least half the mark&apos;s width around it, and do not recolour, stretch or rotate it.</p>
            <ul className={styles.colours}>
              {BRAND_COLOURS.map((colour) => (
                <li key={colour.name}>
                  <span className={styles.swatch} style={{ background: colour.hex }} aria-hidden="true" />
                  <span>
                    <strong>{colour.name}</strong> <code>{colour.hex}</code>
                    <br />
                    <span className={styles.use}>{colour.use}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="naming-title" className={styles.card}>
            <h3 id="naming-title">How to write our name</h3>
            <ul className={styles.naming}>
              <li>
                The company is <strong>{BRAND_NAME}</strong>; the product is <strong>{PRODUCT_NAME}</strong>.
              </li>
              <li>
                One word, capital O: {PRODUCT_NAME}, not &ldquo;OverSeer&rdquo; or &ldquo;Overseer AI&rdquo;.
              </li>
              <li>Module names are capitalised: Overseer Core, Analysis Loop, DevLoop Matrix, Assembly Agent.</li>
            </ul>
          </section>
        </aside>
      </div>

      <div className={styles.more}>
        <p>
          Background reading: the <Link to="/architecture">architecture overview</Link>, our{' '}
          <Link to="/blog">blog</Link> and <Link to="/case-studies">case studies</Link> from early design partners, and{' '}
          <Link to="/about">about {BRAND_NAME}</Link>.
        </p>
      </div>
    </>
  )
}

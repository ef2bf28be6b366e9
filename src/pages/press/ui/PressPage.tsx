import { Link } from 'react-router-dom'
import { BRAND_NAME, PRESS_EMAIL } from '@/shared/config'
import { useInternalLinks } from '@/shared/lib/links'
import { usePageMeta } from '@/shared/lib/seo'
import { PageHeader, Reveal, TermList } from '@/shared/ui'
import { PRESS, PRESS_RELEASES, pressSection, type PressRelease } from '../model/press'
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
    <div dangerouslySetInnerHTML={{ __html: release.html }} />
    <figure className={styles.quote}>
      <blockquote>
        <p>“{release.quote.text}”</p>
      </blockquote>
      <figcaption>
        {release.quote.name}, {release.quote.role}
      </figcaption>
    </figure>
    <h4>About {BRAND_NAME}</h4>
    <p className={styles.boilerplate}>{PRESS.meta.boilerplate}</p>
    <p className={styles.contact}>
      Media contact: <a href={`mailto:${PRESS_EMAIL}`}>{PRESS_EMAIL}</a>
    </p>
  </article>
)

const contact = pressSection('press-contact')
const logo = pressSection('logo')
const naming = pressSection('naming')
const background = pressSection('background')

/** /press: the releases and the media kit; the copy is content/press/. */
export const PressPage = () => {
  usePageMeta({ title: 'Press', description: PRESS.meta.description })
  const followInternalLinks = useInternalLinks()

  return (
    <>
      <PageHeader title="Press" lead={PRESS.meta.lead} />

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
            <h3 id="press-contact-title">{contact.title}</h3>
            <div onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: contact.html }} />
          </section>

          <section aria-labelledby="facts-title" className={styles.card}>
            <h3 id="facts-title">Brand facts</h3>
            <TermList className={styles.facts} items={PRESS.meta.facts.map((fact) => ({ term: fact.term, text: fact.value }))} />
          </section>

          <section aria-labelledby="logo-title" className={styles.card}>
            <h3 id="logo-title">{logo.title}</h3>
            <div className={styles.logos}>
              <span className={styles.logoLight}>
                <LogoMark label={`${BRAND_NAME} logo mark on a light background`} />
              </span>
              <span className={styles.logoDark}>
                <LogoMark label={`${BRAND_NAME} logo mark on a dark background`} />
              </span>
            </div>
            <div dangerouslySetInnerHTML={{ __html: logo.html }} />
            <ul className={styles.colours}>
              {PRESS.meta.colours.map((colour) => (
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
            <h3 id="naming-title">{naming.title}</h3>
            <div className={styles.naming} dangerouslySetInnerHTML={{ __html: naming.html }} />
          </section>
        </aside>
      </div>

      <div className={styles.more} onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: background.html }} />
    </>
  )
}

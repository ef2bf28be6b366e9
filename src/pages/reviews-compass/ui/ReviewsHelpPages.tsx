import { useInternalLinks } from '@/shared/lib/links'
import { ButtonLink, Faq } from '@/shared/ui'
import { AppBlock, AppSection, DocLinks } from '@/widgets/app-shell'
import { COPY, LINKED_TEXT } from '../model/copy'
import { useReviewsPageMeta } from './ReviewsParts'
import styles from './ReviewsCompass.module.scss'

export const Documentation = () => {
  const { docs } = COPY
  useReviewsPageMeta('Documentation', docs.description)
  const followInternalLinks = useInternalLinks()
  return (
    <>
      <AppSection title="Documentation" intro={docs.intro} />
      <AppSection
        title="Bringing your reviews in"
        intro={docs.importIntro}
      >
        <div className={styles.tableWrap} role="region" aria-label="CSV columns, scrollable" tabIndex={0}>
          <table className={styles.table}>
            <caption className="visually-hidden">CSV import columns</caption>
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Required</th>
                <th scope="col">What it holds</th>
              </tr>
            </thead>
            <tbody>
              {docs.importColumns.map((column) => (
                <tr key={column.name}>
                  <th scope="row">
                    <code>{column.name}</code>
                  </th>
                  <td>{column.required ? 'Yes' : 'No'}</td>
                  <td>{column.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AppSection>
      <AppSection title="How the figures are calculated">
        <ul className={styles.steps}>
          {docs.figures.map((figure) => (
            <li key={figure.term}>
              <strong>{figure.term}</strong> {figure.text}
            </li>
          ))}
        </ul>
      </AppSection>
      <AppSection
        title="Further reading"
        intro={<span onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: LINKED_TEXT.furtherReading }} />}
      >
        <DocLinks links={docs.links} />
      </AppSection>
    </>
  )
}

export const Trial = () => {
  const { trial } = COPY
  useReviewsPageMeta('Free Trial', trial.description)
  return (
    <>
      <AppSection
        title="Free trial"
        intro={trial.intro}
      >
        <div className={styles.trial}>
          <div>
            <h3>What the trial includes</h3>
            <ul className={styles.checks}>
              {trial.includes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3>How it works</h3>
            <ol className={styles.steps}>
              {trial.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        </div>
        <ButtonLink to={COPY.cta.to} size="large">
          Start your free trial
        </ButtonLink>
      </AppSection>
      <AppBlock>
        <Faq items={trial.faq} title="Trial questions" />
      </AppBlock>
    </>
  )
}

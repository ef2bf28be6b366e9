import { AppCta, AppSection } from '@/widgets/app-shell'
import { formatSentiment } from '../lib/format'
import { COPY } from '../model/copy'
import { SAMPLE_BENCHMARK, SAMPLE_THEMES } from '../model/content'
import { Columns, useReviewsPageMeta } from './ReviewsParts'
import { ChangeIndicator } from './SentimentDashboard'
import styles from './ReviewsCompass.module.scss'

export const Themes = () => {
  useReviewsPageMeta('Themes', COPY.themes.description)
  return (
    <>
      <AppSection
        title="Themes"
        intro={COPY.themes.intro}
      >
        <div className={styles.tableWrap} role="region" aria-label="Top themes, scrollable" tabIndex={0}>
          <table className={styles.table}>
            <caption className="visually-hidden">Top themes in the last 30 days (sample data)</caption>
            <thead>
              <tr>
                <th scope="col">Theme</th>
                <th scope="col">Category</th>
                <th scope="col">Mentions</th>
                <th scope="col">Sentiment</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {SAMPLE_THEMES.map((theme) => (
                <tr key={theme.theme}>
                  <th scope="row">{theme.theme}</th>
                  <td>{theme.category}</td>
                  <td>{theme.mentions.toLocaleString('en-US')}</td>
                  <td>{formatSentiment(theme.sentiment)}</td>
                  <td>
                    <ChangeIndicator change={theme.change} compact />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AppSection>

      <AppSection title="In customers’ words" intro={COPY.themes.quotesIntro}>
        <ul className={styles.quotes}>
          {SAMPLE_THEMES.map((theme) => (
            <li key={theme.theme}>
              <figure>
                <blockquote>
                  <p>{theme.quote}</p>
                </blockquote>
                <figcaption>{theme.theme}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </AppSection>

      <AppSection title="How themes are found">
        <ol className={styles.steps}>
          {COPY.themes.howFound.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </AppSection>
      <AppCta {...COPY.cta} />
    </>
  )
}

const gapText = (you: number, other: number, name: string) => {
  const points = Math.round((you - other) * 100)
  if (points === 0) return `level with the ${name}`
  return `${Math.abs(points)} points ${points > 0 ? 'ahead of' : 'behind'} the ${name}`
}

export const Benchmarking = () => {
  useReviewsPageMeta('Benchmarking', COPY.benchmarking.description)
  return (
    <>
      <AppSection
        title="Benchmarking"
        intro={COPY.benchmarking.intro}
      >
        <ul className={styles.benchmarks} aria-label="Sentiment against the market (sample data)">
          {SAMPLE_BENCHMARK.map((row) => (
            <li key={row.category}>
              <h3>{row.category}</h3>
              <dl className={styles.bars}>
                {(
                  [
                    ['You', row.you],
                    ['Industry average', row.industry],
                    ['Category leader', row.leader],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} data-series={label === 'You' ? 'you' : 'other'}>
                    <dt>{label}</dt>
                    <dd>
                      <span className={styles.barTrack} aria-hidden="true">
                        <span style={{ width: formatSentiment(value) }} />
                      </span>
                      {formatSentiment(value)}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className={styles.gap}>
                You are {gapText(row.you, row.industry, 'industry average')} and{' '}
                {gapText(row.you, row.leader, 'leader')}.
              </p>
            </li>
          ))}
        </ul>
      </AppSection>

      <AppSection title="How the benchmark is built">
        <Columns columns={COPY.benchmarking.howBuilt} />
      </AppSection>
      <AppCta {...COPY.cta} />
    </>
  )
}

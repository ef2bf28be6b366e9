import { Link } from 'react-router-dom'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, Faq } from '@/shared/ui'
import { AppBlock, AppCta, AppSection, DocLinks, FeatureGrid } from '@/widgets/app-shell'
import { formatSentiment } from '../lib/format'
import {
  APP_NAME,
  BASE_PATH,
  DOCS,
  FEATURES,
  IMPORT_COLUMNS,
  SAMPLE_BENCHMARK,
  SAMPLE_THEMES,
  STEPS,
  TRIAL_FAQ,
  TRIAL_LINK,
  USE_CASES,
} from '../model/content'
import { ChangeIndicator, SentimentDashboard } from './SentimentDashboard'
import styles from './ReviewsCompass.module.scss'

const TRIAL_CTA = {
  title: 'Try Reviews Compass free for 14 days',
  text: 'Free trials open with early access in June 2025. Request yours now and bring up to 5,000 of your own reviews.',
  to: TRIAL_LINK,
  label: 'Start your free trial',
}

export const Overview = () => {
  usePageMeta({
    title: APP_NAME,
    description:
      'Reviews Compass turns customer reviews from every source into sentiment per topic, the themes behind it, and benchmarks against your market.',
  })
  return (
    <>
      <AppSection
        title="Every review, understood"
        intro="Star ratings tell you that customers are unhappy; they rarely tell you why. Reviews Compass reads every review from every source, splits it into the topics it mentions, and measures how customers feel about each one."
      >
        <FeatureGrid features={STEPS} />
      </AppSection>

      <AppSection
        title="Sentiment dashboard"
        intro="A live demo with sample data from a consumer-electronics brand: each category’s share of positive mentions over the last 30 days, and how it moved."
      >
        <SentimentDashboard />
        <p className={styles.more}>
          See <Link to={`${BASE_PATH}/themes`}>the themes behind these numbers</Link> and{' '}
          <Link to={`${BASE_PATH}/benchmarking`}>how the brand compares with its market</Link>.
        </p>
      </AppSection>

      <AppCta {...TRIAL_CTA} />
    </>
  )
}

export const Features = () => {
  usePageMeta({
    title: `Features · ${APP_NAME}`,
    description: 'What Reviews Compass does: every review source in one place, sentiment per topic, themes, benchmarks, alerts and exports.',
  })
  return (
    <>
      <AppSection
        title="Features"
        intro="Everything you need to go from a pile of reviews to a decision, with the evidence one click away."
      >
        <FeatureGrid features={FEATURES} />
      </AppSection>
      <AppCta {...TRIAL_CTA} />
    </>
  )
}

export const UseCases = () => {
  usePageMeta({
    title: `Use Cases · ${APP_NAME}`,
    description: 'How retailers, software teams, hotels and consumer-electronics brands use Reviews Compass.',
  })
  return (
    <>
      <AppSection
        title="Use cases"
        intro="Any business with customers who write about it can use Reviews Compass. These are the teams we built it with."
      >
        <ul className={styles.useCases}>
          {USE_CASES.map((useCase) => (
            <li key={useCase.title}>
              <h3>{useCase.title}</h3>
              <dl>
                <dt>The challenge</dt>
                <dd>{useCase.challenge}</dd>
                <dt>With Reviews Compass</dt>
                <dd>{useCase.approach}</dd>
                <dt>The result</dt>
                <dd>{useCase.outcome}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </AppSection>
      <AppCta {...TRIAL_CTA} />
    </>
  )
}

export const Sentiment = () => {
  usePageMeta({
    title: `Sentiment · ${APP_NAME}`,
    description: 'The Reviews Compass sentiment dashboard: the share of positive mentions per review category and its change over 30 days.',
  })
  return (
    <>
      <AppSection
        title="Sentiment dashboard"
        intro="Sample data from a consumer-electronics brand. Each card shows how many reviews mentioned the category in the last 30 days, the share of those mentions that were positive, and the change against the 30 days before."
      >
        <SentimentDashboard />
      </AppSection>
      <AppSection title="How to read it">
        <div className={styles.columns}>
          <div>
            <h3>Sentiment</h3>
            <p>
              The percentage is the share of mentions of the category that were positive. A review that praises the
              product and criticises the delivery adds a positive mention to Product Quality and a negative one to
              Shipping &amp; Delivery.
            </p>
          </div>
          <div>
            <h3>Change</h3>
            <p>
              The arrow compares the last 30 days with the 30 days before, in percentage points. A category with
              fewer than 50 mentions in either period shows no change, because the difference would be noise.
            </p>
          </div>
          <div>
            <h3>Scoring</h3>
            <p>
              Each mention is scored by a language model trained on reviews, then checked against the star rating;
              mentions where the two disagree strongly are flagged for a person to look at.
            </p>
          </div>
        </div>
      </AppSection>
      <AppCta {...TRIAL_CTA} />
    </>
  )
}

export const Themes = () => {
  usePageMeta({
    title: `Themes · ${APP_NAME}`,
    description: 'Reviews Compass groups what customers say into themes, with mentions, sentiment, trend and example quotes.',
  })
  return (
    <>
      <AppSection
        title="Themes"
        intro="Categories tell you where customers are happy or not; themes tell you why. Reviews Compass groups recurring subjects inside each category, counts them and follows them over time. These are the sample brand’s top themes this month."
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

      <AppSection title="In customers’ words" intro="Each theme comes with the reviews behind it. One example for each:">
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
          <li>Every mention is turned into a short description of what it is about, in the reviewer’s own terms.</li>
          <li>Similar descriptions are grouped, across languages, and each group gets a plain name you can change.</li>
          <li>New groups that grow quickly are reported as emerging themes, often weeks before they move a category.</li>
          <li>You can merge, split or rename themes; the history is recalculated so trends stay comparable.</li>
        </ol>
      </AppSection>
      <AppCta {...TRIAL_CTA} />
    </>
  )
}

const gapText = (you: number, other: number, name: string) => {
  const points = Math.round((you - other) * 100)
  if (points === 0) return `level with the ${name}`
  return `${Math.abs(points)} points ${points > 0 ? 'ahead of' : 'behind'} the ${name}`
}

export const Benchmarking = () => {
  usePageMeta({
    title: `Benchmarking · ${APP_NAME}`,
    description: 'Compare your review sentiment with the industry average and the category leader, category by category.',
  })
  return (
    <>
      <AppSection
        title="Benchmarking"
        intro="Your numbers mean more next to someone else’s. Reviews Compass scores competitors’ public reviews the same way as yours, so you can see where you lead and where you trail."
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
        <div className={styles.columns}>
          <div>
            <h3>Who you are compared with</h3>
            <p>
              The industry average covers every brand in your category with at least 500 public reviews in the period.
              You choose up to five named competitors; the leader is the best of them in each category.
            </p>
          </div>
          <div>
            <h3>Like with like</h3>
            <p>
              Competitors’ reviews go through the same cleaning, categories and scoring as yours, over the same 30 days,
              so differences come from customers, not from the method.
            </p>
          </div>
          <div>
            <h3>From gap to plan</h3>
            <p>
              Open any gap to see the themes that explain it on both sides. In the sample, the leader’s delivery
              reviews praise tracking updates, exactly what the brand’s “Late deliveries” theme complains about.
            </p>
          </div>
        </div>
      </AppSection>
      <AppCta {...TRIAL_CTA} />
    </>
  )
}

export const Documentation = () => {
  usePageMeta({
    title: `Documentation · ${APP_NAME}`,
    description: 'How to bring reviews into Reviews Compass, how its figures are calculated, and where to find the API reference.',
  })
  return (
    <>
      <AppSection
        title="Documentation"
        intro="Everything you need to get your reviews in and understand the numbers that come out."
      />
      <AppSection
        title="Bringing your reviews in"
        intro="Connect a source from the Sources page, or upload a CSV file in UTF-8 with a header row. These are the columns Reviews Compass reads; any others are ignored."
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
              {IMPORT_COLUMNS.map((column) => (
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
          <li>
            <strong>Sentiment</strong> is the share of a category’s mentions that are positive, shown as a whole
            percentage.
          </li>
          <li>
            <strong>Change</strong> is the difference in percentage points between the last 30 days and the 30 days
            before; categories with fewer than 50 mentions in either period show no change.
          </li>
          <li>
            <strong>Themes</strong> are groups of similar mentions within a category, named in plain words and counted
            per period.
          </li>
          <li>
            <strong>Benchmarks</strong> apply the same scoring to competitors’ public reviews over the same period.
          </li>
        </ul>
      </AppSection>
      <AppSection
        title="Further reading"
        intro={
          <>
            Reviews Compass runs on the same platform and API as the rest of our applications; the{' '}
            <Link to="/docs">documentation</Link> covers both.
          </>
        }
      >
        <DocLinks links={DOCS} />
      </AppSection>
    </>
  )
}

export const Trial = () => {
  usePageMeta({
    title: `Free Trial · ${APP_NAME}`,
    description: 'Try Reviews Compass free for 14 days with up to 5,000 of your own reviews. No credit card needed.',
  })
  return (
    <>
      <AppSection
        title="Free trial"
        intro="Fourteen days with every feature, your own reviews and no credit card. Trials open with early access in June 2025; request yours now to be among the first."
      >
        <div className={styles.trial}>
          <div>
            <h3>What the trial includes</h3>
            <ul className={styles.checks}>
              <li>Up to 5,000 reviews, uploaded or from connected sources</li>
              <li>Sentiment per category with 30-day change</li>
              <li>Themes with example quotes</li>
              <li>Benchmarking against the industry and three competitors</li>
              <li>Alerts by e-mail and CSV exports</li>
            </ul>
          </div>
          <div>
            <h3>How it works</h3>
            <ol className={styles.steps}>
              <li>Request a trial with your work e-mail.</li>
              <li>We e-mail you when your workspace is ready.</li>
              <li>Upload a CSV or connect a source; the first dashboard is ready within the hour.</li>
              <li>After 14 days, choose a plan or let the trial end. Nothing is charged.</li>
            </ol>
          </div>
        </div>
        <ButtonLink to={TRIAL_LINK} size="large">
          Start your free trial
        </ButtonLink>
      </AppSection>
      <AppBlock>
        <Faq items={TRIAL_FAQ} title="Trial questions" />
      </AppBlock>
    </>
  )
}

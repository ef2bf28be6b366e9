import { useInternalLinks } from '@/shared/lib/links'
import { AppCta, AppSection, FeatureGrid } from '@/widgets/app-shell'
import { COPY, LINKED_TEXT } from '../model/copy'
import { Columns, useReviewsPageMeta } from './ReviewsParts'
import { SentimentDashboard } from './SentimentDashboard'
import styles from './ReviewsCompass.module.scss'

export const Overview = () => {
  const { overview } = COPY
  useReviewsPageMeta('', overview.description)
  const followInternalLinks = useInternalLinks()
  return (
    <>
      <AppSection title={overview.title} intro={overview.intro}>
        <FeatureGrid features={overview.steps} />
      </AppSection>

      <AppSection title={overview.dashboard.title} intro={overview.dashboard.intro}>
        <SentimentDashboard />
        <p className={styles.more} onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: LINKED_TEXT.overviewMore }} />
      </AppSection>

      <AppCta {...COPY.cta} />
    </>
  )
}

export const Features = () => {
  useReviewsPageMeta('Features', COPY.features.description)
  return (
    <>
      <AppSection title="Features" intro={COPY.features.intro}>
        <FeatureGrid features={COPY.features.items} />
      </AppSection>
      <AppCta {...COPY.cta} />
    </>
  )
}

export const UseCases = () => {
  const { useCases } = COPY
  useReviewsPageMeta('Use Cases', useCases.description)
  return (
    <>
      <AppSection title="Use cases" intro={useCases.intro}>
        <ul className={styles.useCases}>
          {useCases.items.map((useCase) => (
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
      <AppCta {...COPY.cta} />
    </>
  )
}

export const Sentiment = () => {
  useReviewsPageMeta('Sentiment', COPY.sentiment.description)
  return (
    <>
      <AppSection title="Sentiment dashboard" intro={COPY.sentiment.intro}>
        <SentimentDashboard />
      </AppSection>
      <AppSection title="How to read it">
        <Columns columns={COPY.sentiment.howToRead} />
      </AppSection>
      <AppCta {...COPY.cta} />
    </>
  )
}

import { useEffect, useState } from 'react'
import { describeChange, formatSentiment, overallSentiment } from '../lib/format'
import { SAMPLE_REVIEW_CATEGORIES, SENTIMENT_DEMO_DELAY_MS, type ReviewCategoryStat } from '../model/reviewCategories'
import styles from './SentimentDashboard.module.scss'

const ARROWS = { up: '▲', down: '▼', none: '–' } as const

/** The change against the previous period: an arrow, the word for screen readers, the amount. */
export const ChangeIndicator = ({ change, compact = false }: { change: number; compact?: boolean }) => {
  const { direction, amount } = describeChange(change)
  return (
    <p className={styles.change} data-direction={direction}>
      <span aria-hidden="true">{ARROWS[direction]}</span>{' '}
      {direction === 'none' ? (
        'no change'
      ) : (
        <>
          <span className="visually-hidden">{direction} </span>
          {amount}
        </>
      )}
      {!compact && <span className={styles.changeContext}> vs previous 30 days</span>}
    </p>
  )
}

const CategoryCard = ({ stat }: { stat: ReviewCategoryStat }) => {
  const percent = formatSentiment(stat.sentiment)
  return (
    <li className={styles.card} data-testid="sentiment-category">
      <h3 className={styles.category}>{stat.category}</h3>
      <p className={styles.count}>{stat.count.toLocaleString('en-US')} reviews</p>
      <p className={styles.score}>
        <span className={styles.percent}>{percent}</span> positive
      </p>
      <div className={styles.bar} aria-hidden="true">
        <span style={{ width: percent }} />
      </div>
      <ChangeIndicator change={stat.change} />
    </li>
  )
}

const useDemoData = <T,>(data: T, delay: number): T | null => {
  const [loaded, setLoaded] = useState<T | null>(null)
  useEffect(() => {
    const timer = window.setTimeout(() => setLoaded(data), delay)
    return () => window.clearTimeout(timer)
  }, [data, delay])
  return loaded
}

interface SentimentDashboardProps {
  categories?: readonly ReviewCategoryStat[]
  /** How long the demo data takes to arrive. */
  delay?: number
}

/** Sentiment per review category, from sample data that arrives after a short delay. */
export const SentimentDashboard = ({
  categories = SAMPLE_REVIEW_CATEGORIES,
  delay = SENTIMENT_DEMO_DELAY_MS,
}: SentimentDashboardProps) => {
  const stats = useDemoData(categories, delay)
  const total = stats?.reduce((sum, stat) => sum + stat.count, 0) ?? 0

  return (
    <div className={styles.dashboard}>
      <p className={styles.status} role="status">
        {stats
          ? `${total.toLocaleString('en-US')} reviews in ${stats.length} categories, ${formatSentiment(overallSentiment(stats))} positive overall. Sample data.`
          : 'Loading sentiment data…'}
      </p>
      {stats ? (
        <ul className={styles.grid} aria-label="Sentiment by category">
          {stats.map((stat) => (
            <CategoryCard key={stat.id} stat={stat} />
          ))}
        </ul>
      ) : (
        <div className={styles.grid} aria-busy="true" aria-hidden="true">
          {categories.map((stat) => (
            <div key={stat.id} className={`${styles.card} ${styles.skeleton}`} data-testid="sentiment-skeleton">
              <span />
              <span />
              <span />
              <span />
            </div>
          ))}
        </div>
      )}
    </div>
  )
}

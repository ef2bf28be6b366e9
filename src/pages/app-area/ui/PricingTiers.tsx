import { useId } from 'react'
import { ButtonLink } from '@/shared/ui'
import type { PricingTier } from '../model/types'
import styles from './PricingTiers.module.scss'

const TierCard = ({ tier }: { tier: PricingTier }) => {
  const nameId = useId()
  return (
    <article className={tier.isPopular ? `${styles.tier} ${styles.popular}` : styles.tier} aria-labelledby={nameId}>
      {tier.isPopular && <p className={styles.badge}>Most popular</p>}
      <h3 id={nameId} className={styles.name}>
        {tier.name}
      </h3>
      <p className={styles.price}>
        <span className={styles.amount}>{tier.price}</span>
        {tier.period && <span className={styles.period}>{tier.period}</span>}
      </p>
      <p className={styles.description}>{tier.description}</p>
      <ul className={styles.features} aria-label={`${tier.name} includes`}>
        {tier.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <ButtonLink to={tier.buttonLink} variant={tier.isPopular ? 'primary' : 'secondary'} className={styles.button}>
        {tier.buttonText}
      </ButtonLink>
    </article>
  )
}

/** The plans side by side (stacked on small screens), the popular one highlighted. */
export const PricingTiers = ({ tiers }: { tiers: readonly PricingTier[] }) => (
  <ul className={styles.tiers}>
    {tiers.map((tier) => (
      <li key={tier.name}>
        <TierCard tier={tier} />
      </li>
    ))}
  </ul>
)

import type { Integration } from '../model/types'
import styles from './IntegrationList.module.scss'

/** The integrations as cards, each with its anchor, description and a link to the tool. */
export const IntegrationList = ({ integrations }: { integrations: readonly Integration[] }) => (
  <ul className={styles.list}>
    {integrations.map((integration) => (
      <li key={integration.id} id={integration.id} className={styles.item}>
        <span className={styles.monogram} aria-hidden="true">
          {integration.name.charAt(0)}
        </span>
        <h3 className={styles.name}>{integration.name}</h3>
        <p className={styles.description}>{integration.description}</p>
        <a href={integration.link} className={styles.link} rel="noopener noreferrer">
          Visit {integration.name}
          <span aria-hidden="true"> ↗</span>
        </a>
      </li>
    ))}
  </ul>
)

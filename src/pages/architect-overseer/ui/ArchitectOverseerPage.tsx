import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'
import { OVERSEER_CAPABILITIES } from '../model/capabilities'
import { OVERSEER_TEXTS } from '../model/texts'
import { ActiveTasks } from './ActiveTasks'
import { CommandConsole } from './CommandConsole'
import { TokenUsageChart } from './TokenUsageChart'
import styles from './ArchitectOverseerPage.module.scss'

export const ArchitectOverseerPage = () => {
  usePageMeta({ title: 'Overseer Interface', description: 'Orchestration control for the Overseer Core.' })
  return (
    <RequirePermission permission="architect.overseer" message="You do not have permission to access the Overseer interface module.">
      <div className={styles.page}>
        <h1>Overseer Interface</h1>
        <section className={styles.intro} aria-labelledby="overseer-intro-title">
          <h2 id="overseer-intro-title">Orchestration control for the Overseer Core</h2>
          <p>The Overseer Core coordinates the agents of every build. From here you can:</p>
          <ul>
            {OVERSEER_CAPABILITIES.map((capability) => (
              <li key={capability}>{capability}</li>
            ))}
          </ul>
        </section>
        <div className={styles.columns}>
          <CommandConsole />
          <ActiveTasks />
        </div>
        <section className={styles.metrics} aria-labelledby="token-usage-title">
          <h2 id="token-usage-title">{OVERSEER_TEXTS.tokenTitle}</h2>
          <TokenUsageChart />
        </section>
      </div>
    </RequirePermission>
  )
}

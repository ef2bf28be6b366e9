import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'
import { ESTIMATED_COMPLETION, PLANNED_ABILITIES } from '../model/content'
import styles from './ArchitectTestingPage.module.scss'

export const ArchitectTestingPage = () => {
  usePageMeta({ title: 'DevLoop Testing', description: 'The testing module of the DevLoop Matrix.' })
  return (
    <RequirePermission permission="architect.testing" message="You do not have permission to access the DevLoop Testing module.">
      <div className={styles.page}>
        <h1>DevLoop Testing</h1>
        <p className={styles.lead}>The testing module of the DevLoop Matrix.</p>

        <section className={styles.notice} aria-labelledby="coming-soon-title">
          <h2 id="coming-soon-title">DevLoop Testing Module Coming Soon</h2>
          <p>The testing module will let you:</p>
          <ul className={styles.abilities}>
            {PLANNED_ABILITIES.map((ability) => (
              <li key={ability}>{ability}</li>
            ))}
          </ul>
          <p className={styles.estimate}>Estimated completion: {ESTIMATED_COMPLETION}</p>
        </section>

        <section className={styles.card} aria-labelledby="loop-title">
          <h2 id="loop-title">How the DevLoop works</h2>
          <p>
            Inside the DevLoop Matrix two agents work in a loop. The <strong>Development Agent</strong> writes the code for a
            task. The <strong>QA Agent</strong> tests that code against the task&rsquo;s requirements and quality thresholds and
            sends back what failed and why.
          </p>
          <p>
            The Development Agent revises its work from that feedback and hands it back to the QA Agent. Each pass starts from
            the previous one&rsquo;s result, so the code improves recursively, cycle after cycle, until it meets the thresholds.
            Only then does it leave the loop for assembly.
          </p>
          <ol className={styles.loop} aria-label="One improvement cycle">
            <li>Development Agent writes or revises the code</li>
            <li>QA Agent tests it and reports what falls short</li>
            <li>The feedback becomes the next cycle&rsquo;s input, until the quality thresholds are met</li>
          </ol>
        </section>
      </div>
    </RequirePermission>
  )
}

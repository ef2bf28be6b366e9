import { STAGE_LABELS } from '@contracts/builds'
import { Reveal, TitledItems } from '@/shared/ui'
import type { FrameworkModule } from '@/entities/framework-module'
import { PIPELINE_STAGES, type ModuleDetails } from '../model/details'
import styles from './AppModulePage.module.scss'

const LABELS: ReadonlyMap<string, string> = new Map(Object.entries(STAGE_LABELS))

/** 'market_analysis' → 'Market analysis' (contracts/builds). */
const stageLabel = (stage: string): string => LABELS.get(stage) ?? stage

/** Where the module sits among the build's seven stages, and how a request passes through it. */
export const PipelineSection = ({ module, details }: { module: FrameworkModule; details: ModuleDetails }) => (
  <section className={styles.section} aria-labelledby="pipeline-title">
    <Reveal>
      <h2 id="pipeline-title">How it works in the pipeline</h2>
      <p className={styles.prose}>
        Every build passes through seven stages. {module.title}{' '}
        {details.stages.length === PIPELINE_STAGES.length
          ? 'follows all of them.'
          : `is responsible for ${details.stages.map((stage) => stageLabel(stage).toLowerCase()).join(' and ')}.`}
      </p>
      <ol className={styles.stages} aria-label="Pipeline stages">
        {PIPELINE_STAGES.map((stage) => {
          const own = details.stages.includes(stage)
          return (
            <li key={stage} className={own ? styles.ownStage : undefined}>
              {stageLabel(stage)}
              {own && <span className="visually-hidden"> (this module)</span>}
            </li>
          )
        })}
      </ol>
    </Reveal>
    <TitledItems items={details.steps} as="ol" className={styles.steps} />
  </section>
)

import { lazy, Suspense, useId, useRef, useState } from 'react'
import { useModelChoice, type ModelListState } from '@/entities/ai-model'
import styles from './ModelPicker.module.scss'

// The details dialog loads when it is first opened, not with the page.
const ModelDetailsModal = lazy(() =>
  import(/* webpackChunkName: "model-details" */ './ModelDetailsModal').then((module) => ({ default: module.ModelDetailsModal })),
)

/** What the dropdown says when it has nothing to choose (spec section 2). */
const PLACEHOLDER: Record<Exclude<ModelListState, 'ready'>, string> = {
  loading: 'Loading models...',
  failed: 'No models loaded',
  empty: 'No models available',
}

/**
 * The model dropdown (disabled while models load or when there are none) and the info button
 * that opens the model-details modal. The choice is kept across visits.
 */
export const ModelPicker = () => {
  const { state, models, model, choose } = useModelChoice()
  const [detailsOpen, setDetailsOpen] = useState(false)
  const info = useRef<HTMLButtonElement>(null)
  const id = useId()

  const closeDetails = () => {
    setDetailsOpen(false)
    info.current?.focus()
  }

  return (
    <div className={styles.picker}>
      <label htmlFor={`${id}-model`} className={styles.label}>
        Model
      </label>
      <div className={styles.row}>
        <select
          id={`${id}-model`}
          className={styles.select}
          value={state === 'ready' ? (model?.name ?? '') : ''}
          onChange={(event) => choose(event.target.value)}
          disabled={state !== 'ready'}
        >
          {state === 'ready' ? (
            models.map((option) => (
              <option key={option.name} value={option.name}>
                {option.name}
                {option.provider ? ` (${option.provider})` : ''}
              </option>
            ))
          ) : (
            <option value="">{PLACEHOLDER[state]}</option>
          )}
        </select>
        <button
          ref={info}
          type="button"
          className={styles.info}
          onClick={() => setDetailsOpen(true)}
          disabled={!model}
          aria-haspopup="dialog"
          aria-label="Model details"
          title="Model details"
        >
          <span aria-hidden="true">i</span>
        </button>
      </div>
      {detailsOpen && model && (
        <Suspense fallback={null}>
          <ModelDetailsModal model={model} onClose={closeDetails} />
        </Suspense>
      )}
    </div>
  )
}

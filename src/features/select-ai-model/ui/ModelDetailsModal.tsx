import { useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { Link } from 'react-router-dom'
import type { ModelInfo } from '@/entities/ai-model'
import { formatCost, pricingUrlOf } from '../lib/pricing'
import { dialogKeys } from '@/shared/lib/hooks'
import styles from './ModelDetailsModal.module.scss'

interface ModelDetailsModalProps {
  model: ModelInfo
  onClose: () => void
}


/**
 * The model-details modal: closes on a click outside it, the close button or Escape; keeps focus
 * inside while open (the opener takes it back when it closes).
 */
export const ModelDetailsModal = ({ model, onClose }: ModelDetailsModalProps) => {
  const dialog = useRef<HTMLDivElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  const id = useId()
  const pricing = pricingUrlOf(model)

  // In the commit that shows it, not after: the dialog is never on screen with the focus still outside.
  useLayoutEffect(() => close.current?.focus(), [])

  const onKeyDown = (event: KeyboardEvent) => dialogKeys(event, dialog.current, onClose)


  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onClose()
  }

  return (
    // The backdrop is the "outside" of the dialog: a click on it closes it (Escape does too).
    <div className={styles.backdrop} onMouseDown={onBackdrop} data-testid="model-details-backdrop">
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={`${id}-title`} className={styles.title}>
            {model.name}
          </h2>
          <button ref={close} type="button" className={styles.close} onClick={onClose} aria-label="Close model details">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p id={`${id}-description`}>{model.description || 'No description given.'}</p>
        <dl className={styles.facts}>
          <dt>Provider</dt>
          <dd>{model.provider || 'Unknown'}</dd>
          <dt>Runs</dt>
          <dd>{model.source === 'local' ? 'On this server (offline)' : model.source === 'openai-compatible' ? 'OpenAI-compatible API' : model.source || 'Unknown'}</dd>
          <dt>Cost</dt>
          <dd>{formatCost(model.costPer1kTokens)}</dd>
          <dt>Capabilities</dt>
          <dd>
            {model.capabilities.length > 0 ? (
              <ul className={styles.capabilities}>
                {model.capabilities.map((capability) => (
                  <li key={capability}>{capability}</li>
                ))}
              </ul>
            ) : (
              'Not listed'
            )}
          </dd>
        </dl>
        {pricing &&
          (pricing.startsWith('/') ? (
            <Link to={pricing} className={styles.pricing} onClick={onClose}>
              {model.provider} pricing
            </Link>
          ) : (
            <a href={pricing} className={styles.pricing} target="_blank" rel="noopener noreferrer">
              {model.provider || 'Provider'} pricing<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ))}
      </div>
    </div>
  )
}

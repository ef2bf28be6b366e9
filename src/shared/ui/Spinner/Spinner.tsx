import styles from './Spinner.module.scss'

interface SpinnerProps {
  /** Text announced to assistive technology and shown beside the spinner. */
  label: string
  /** Cover the whole viewport (start-up and access checks). */
  fullScreen?: boolean
  /** Keep the label for screen readers only. */
  hideLabel?: boolean
  size?: 'small' | 'medium' | 'large'
}

export const Spinner = ({ label, fullScreen = false, hideLabel = false, size = 'medium' }: SpinnerProps) => (
  <div className={fullScreen ? styles.fullScreen : styles.inline} role="status" aria-live="polite">
    <span className={`${styles.circle} ${styles[size]}`} aria-hidden="true" />
    <span className={hideLabel ? styles.visuallyHidden : styles.label}>{label}</span>
  </div>
)

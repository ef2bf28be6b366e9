import { Field } from 'formik'
import styles from './FormKit.module.scss'

interface HoneypotProps {
  /** The input's id. */
  id: string
  /** The Formik field a person leaves empty and a bot fills in. */
  name?: string
}

/** A field kept off screen and out of the tab order: only bots fill it in, and the server drops what they send. */
export const Honeypot = ({ id, name = 'website' }: HoneypotProps) => (
  <div className={styles.honeypot} aria-hidden="true">
    <label htmlFor={id}>Website</label>
    <Field id={id} name={name} type="text" tabIndex={-1} autoComplete="off" />
  </div>
)

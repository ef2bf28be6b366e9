import type { ReactNode } from 'react'
import { FormField } from '../FormField'
import styles from './FormKit.module.scss'

/** Two fields side by side, one above the other on a narrow screen. */
export const FormRow = ({ children }: { children: ReactNode }) => <div className={styles.row}>{children}</div>

/** The line that says what the asterisk of a required field means. */
export const RequiredLegend = () => (
  <p className={styles.legend}>
    Fields marked <span aria-hidden="true">*</span>
    <span className="visually-hidden">with an asterisk</span> are required.
  </p>
)

/** A note above a form that says what it is about (the plan joined for, the product asked about). */
export const FormNote = ({ children }: { children: ReactNode }) => <p className={styles.note}>{children}</p>

/** The first row of a form that writes back: the sender's name and email, both required. */
export const NameEmailRow = ({ idOf }: { idOf: (name: string) => string }) => (
  <FormRow>
    <FormField name="name" label="Name" id={idOf('name')} required autoComplete="name" />
    <FormField name="email" label="Email" id={idOf('email')} type="email" required autoComplete="email" />
  </FormRow>
)

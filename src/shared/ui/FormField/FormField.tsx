import type { ChangeEvent, ReactNode } from 'react'
import { Field, useFormikContext } from 'formik'
import styles from './FormField.module.scss'

interface FormFieldProps {
  name: string
  label: string
  id: string
  required?: boolean
  as?: 'input' | 'select' | 'textarea'
  type?: string
  autoComplete?: string
  rows?: number
  hint?: string
  children?: ReactNode
}

/** A labelled input whose error shows after a submit and clears as soon as the field is edited. */
export const FormField = ({ name, label, id, required, as = 'input', hint, children, ...rest }: FormFieldProps) => {
  const { errors, touched, handleChange, setFieldError } = useFormikContext<Record<string, string>>()
  const error = touched[name] ? errors[name] : undefined
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    handleChange(event)
    setFieldError(name, undefined)
  }

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className={styles.optional}> (optional)</span>
        )}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <Field
        as={as}
        id={id}
        name={name}
        required={required}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
        {...rest}
      >
        {children}
      </Field>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}

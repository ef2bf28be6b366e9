import { useEffect, useRef } from 'react'
import { useFormikContext } from 'formik'

interface FocusFirstErrorProps {
  /** Field names in the order the form shows them. */
  fields: readonly string[]
  /** The input id of each field. */
  idOf: (field: string) => string
}

/**
 * After each submit that ends with errors (the form's own or the server's), moves focus to the
 * first invalid field, whose description reads its message. Editing later does not move focus.
 */
export const FocusFirstError = ({ fields, idOf }: FocusFirstErrorProps) => {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<Record<string, string>>()
  const handled = useRef(0)

  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return
    handled.current = submitCount
    const first = fields.find((field) => errors[field])
    if (first) document.getElementById(idOf(first))?.focus()
  }, [submitCount, isSubmitting, isValidating, errors, fields, idOf])

  return null
}

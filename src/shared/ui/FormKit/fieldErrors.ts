import { isApiErrorBody } from '../../api'

/**
 * The server's field errors of a 400, limited to the form's own fields, for Formik's `setErrors`;
 * `serverName` maps a form field to the name the server gives it, where they differ.
 */
export const fieldErrorsOf = <F extends string>(
  error: unknown,
  fields: readonly F[],
  serverName: (field: F) => string = (field) => field,
): Partial<Record<F, string>> | undefined => {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 400) return undefined
  const data = 'data' in error ? error.data : undefined
  if (!isApiErrorBody(data) || !data.errors) return undefined
  const errors: Partial<Record<F, string>> = {}
  for (const field of fields) {
    const message = data.errors[serverName(field)]
    if (message) errors[field] = message
  }
  return Object.keys(errors).length > 0 ? errors : undefined
}

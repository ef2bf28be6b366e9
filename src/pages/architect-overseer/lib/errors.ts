import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'
import { apiErrorMessage } from '@/shared/api'

/** A failed call's message: the server's, or the client's own (e.g. 'Invalid response format'). */
export const errorText = (error: FetchBaseQueryError | SerializedError | undefined): string | undefined => {
  if (!error) return undefined
  if ('status' in error && (error.status === 'CUSTOM_ERROR' || error.status === 'FETCH_ERROR' || error.status === 'PARSING_ERROR')) return error.error
  return apiErrorMessage(error)
}

/** The server's field errors of a 400 answer. */
export const fieldErrorsOf = (error: unknown): Record<string, string> | undefined => {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 400 || !('data' in error)) return undefined
  const data = error.data
  if (typeof data !== 'object' || data === null || !('errors' in data)) return undefined
  const errors = data.errors
  if (typeof errors !== 'object' || errors === null) return undefined
  const fields = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  return Object.keys(fields).length > 0 ? fields : undefined
}

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'
import { isRecord } from '@contracts/check'

/** The server's error envelope: `{ success: false, message, errors? }`. */
export interface ApiErrorBody {
  success?: false
  message?: string
  errors?: Record<string, string>
}

export const isApiErrorBody = (value: unknown): value is ApiErrorBody =>
  isRecord(value) && (value.message === undefined || typeof value.message === 'string')

/** The server's message for a failed call, or undefined when it sent none. */
export const apiErrorMessage = (error: FetchBaseQueryError | SerializedError | undefined): string | undefined => {
  if (!error) return undefined
  if ('status' in error) return isApiErrorBody(error.data) ? error.data.message : undefined
  return error.message
}

export { baseApi } from './baseApi'
export { apiErrorMessage, isApiErrorBody } from './errors'
export type { ApiErrorBody } from './errors'

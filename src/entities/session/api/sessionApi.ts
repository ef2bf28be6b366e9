import { baseApi } from '@/shared/api'
import type { LoginCredentials } from '../model/types'

/** The answers are checked against the auth contract by the session's thunks (see ./checks). */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<unknown, void>({ query: () => '/auth/me', keepUnusedDataFor: 0 }),
    login: build.mutation<unknown, LoginCredentials>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
    }),
    logout: build.mutation<unknown, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
  }),
})

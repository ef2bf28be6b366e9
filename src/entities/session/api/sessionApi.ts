import { baseApi } from '@/shared/api'
import type { LoginCredentials, SessionUser } from '../model/types'

export interface MeResponse {
  success: boolean
  data?: SessionUser
}

export interface LoginResponse {
  success: boolean
  data?: { user: SessionUser; token?: string }
  message?: string
}

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<MeResponse, void>({ query: () => '/auth/me', keepUnusedDataFor: 0 }),
    login: build.mutation<LoginResponse, LoginCredentials>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
    }),
    logout: build.mutation<unknown, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
  }),
})

import { baseApi } from '@/shared/api'

export interface SubscribeRequest {
  email: string
  /** Honeypot: people never see or fill it. */
  website?: string
}

export interface SubscribeResponse {
  success: boolean
  message: string
}

export const newsletterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    subscribe: build.mutation<SubscribeResponse, SubscribeRequest>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
    }),
  }),
})

export const { useSubscribeMutation } = newsletterApi

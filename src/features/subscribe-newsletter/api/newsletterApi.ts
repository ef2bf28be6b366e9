import type { SuccessBody } from '@contracts/common'
import type { NewsletterBody } from '@contracts/leads/schemas'
import { baseApi } from '@/shared/api'

export type SubscribeRequest = Required<Pick<NewsletterBody, 'email'>> & Pick<NewsletterBody, 'website'>

export type SubscribeResponse = SuccessBody

export const newsletterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    subscribe: build.mutation<SubscribeResponse, SubscribeRequest>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
    }),
  }),
})

export const { useSubscribeMutation } = newsletterApi

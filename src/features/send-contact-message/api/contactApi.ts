import { baseApi } from '@/shared/api'
import type { ContactSubject, LeadProduct } from '@/shared/lib/validation'

export interface ContactRequest {
  name: string
  email: string
  company: string
  subject: ContactSubject
  message: string
  product?: LeadProduct
  /** Honeypot: people never see or fill it. */
  website?: string
}

export interface ContactResponse {
  success: boolean
  message: string
}

export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactResponse, ContactRequest>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
})

export const { useSendContactMessageMutation } = contactApi

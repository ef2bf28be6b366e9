import { baseApi } from '@/shared/api'
import type { SuccessBody } from '@contracts/common'
import type { ContactInput } from '@contracts/leads'

/** A checked message, and the honeypot (people never see or fill it). */
export type ContactRequest = ContactInput & { website?: string }

export type ContactResponse = SuccessBody

export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactResponse, ContactRequest>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
})

export const { useSendContactMessageMutation } = contactApi

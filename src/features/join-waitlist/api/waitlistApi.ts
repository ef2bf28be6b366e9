import { baseApi } from '@/shared/api'
import type { LeadProduct, WaitlistPlan, WaitlistRole, WaitlistSource } from '@/shared/lib/validation'

export interface JoinWaitlistRequest {
  name: string
  email: string
  company: string
  role: WaitlistRole
  useCase: string
  /** The answer to 'How did you hear about us?'. */
  source?: WaitlistSource
  plan?: WaitlistPlan
  product?: LeadProduct
  /** Honeypot: people never see or fill it. */
  website?: string
}

export interface JoinWaitlistResponse {
  success: boolean
  message: string
}

export const waitlistApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    joinWaitlist: build.mutation<JoinWaitlistResponse, JoinWaitlistRequest>({
      query: (body) => ({ url: '/waitlist/join', method: 'POST', body }),
    }),
  }),
})

export const { useJoinWaitlistMutation } = waitlistApi

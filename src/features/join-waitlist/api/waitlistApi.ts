import { baseApi } from '@/shared/api'
import type { SuccessBody } from '@contracts/common'
import type { WaitlistInput } from '@contracts/leads'

/** A checked signup, and the honeypot (people never see or fill it). */
export type JoinWaitlistRequest = WaitlistInput & { website?: string }

export type JoinWaitlistResponse = SuccessBody

export const waitlistApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    joinWaitlist: build.mutation<JoinWaitlistResponse, JoinWaitlistRequest>({
      query: (body) => ({ url: '/waitlist/join', method: 'POST', body }),
    }),
  }),
})

export const { useJoinWaitlistMutation } = waitlistApi

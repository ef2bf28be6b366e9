import {
  findOption,
  LEAD_PRODUCTS,
  WAITLIST_PLANS,
  type LeadOption,
  type LeadProduct,
  type WaitlistPlan,
} from '@/shared/lib/validation'

export interface WaitlistPrefill {
  /** From `?plan=`: shown, and recorded with the signup. */
  plan?: LeadOption<WaitlistPlan>
  /** From `?product=`: shown, and recorded with the signup. */
  product?: LeadOption<LeadProduct>
}

/** What `/waitlist?plan=…&product=…` records with the signup; unknown values are ignored. */
export const waitlistPrefill = (params: URLSearchParams): WaitlistPrefill => {
  const plan = findOption<WaitlistPlan>(WAITLIST_PLANS, params.get('plan'))
  const product = findOption<LeadProduct>(LEAD_PRODUCTS, params.get('product'))
  return { ...(plan && { plan }), ...(product && { product }) }
}

/** 'Team plan', 'Research Tools Basic', or both: what the signup is for. */
export const prefillLabel = ({ plan, product }: WaitlistPrefill): string | undefined =>
  [plan?.label, product?.label].filter(Boolean).join(', ') || undefined

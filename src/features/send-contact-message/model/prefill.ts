import {
  CONTACT_SUBJECTS,
  findOption,
  LEAD_PRODUCTS,
  type ContactSubject,
  type LeadOption,
  type LeadProduct,
} from '@/shared/lib/validation'

export interface ContactPrefill {
  /** The product the message is about, shown as a note and sent with it. */
  product?: LeadOption<LeadProduct>
  /** The subject selected when the form opens. */
  subject?: ContactSubject
}

/** Enterprise plans are sold in a conversation, which starts with a demo. */
const SUBJECT_FOR_PRODUCT: Partial<Record<LeadProduct, ContactSubject>> = {
  enterprise: 'demo',
  'research-enterprise': 'demo',
}

/**
 * What `/contact?product=…&subject=…` preselects. An explicit, valid `subject` wins; a known
 * product picks a fitting subject. Unknown values are ignored.
 */
export const contactPrefill = (params: URLSearchParams): ContactPrefill => {
  const product = findOption<LeadProduct>(LEAD_PRODUCTS, params.get('product'))
  const subject =
    findOption<ContactSubject>(CONTACT_SUBJECTS, params.get('subject'))?.value ??
    (product ? (SUBJECT_FOR_PRODUCT[product.value] ?? 'overseer_info') : undefined)
  return { ...(product && { product }), ...(subject && { subject }) }
}

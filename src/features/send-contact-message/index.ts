export { ContactForm } from './ui/ContactForm'
export { contactPrefill } from './model/prefill'
export type { ContactPrefill } from './model/prefill'

export { Faq } from './Faq'
export type { FaqItem } from './Faq'

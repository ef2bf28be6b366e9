export { WaitlistForm } from './ui/WaitlistForm'
export { waitlistPrefill } from './model/prefill'
export type { WaitlistPrefill } from './model/prefill'

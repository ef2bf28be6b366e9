export { WaitlistCta } from './ui/WaitlistCta'

export const CONTACT_EMAIL = 'hello@overseerlabs.ai'
/** The press desk: the mailbox `press` at the contact address's domain. */
export const PRESS_EMAIL = `press@${CONTACT_EMAIL.slice(CONTACT_EMAIL.indexOf('@') + 1)}`
export const POSTAL_ADDRESS = {
  street: '548 Market Street, Suite 400',
  city: 'San Francisco, CA 94104',
  country: 'United States',
} as const

export const SOCIAL_LINKS = [
  { label: 'GitHub', href: 'https://github.com/overseer-labs' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/overseer-labs' },
  { label: 'X (Twitter)', href: 'https://x.com/overseerlabs' },
] as const

/** The social-card image, served from `public/`. */
export const SOCIAL_IMAGE_PATH = '/social-card.png'

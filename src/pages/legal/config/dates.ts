/** When the four legal documents last changed (spec section 9). */
export const LAST_UPDATED = { iso: '2025-05-10', label: 'May 10, 2025' } as const

/** The Terms of Service minimum age; below it a parent or guardian must consent (decision D9). */
export const TERMS_MINIMUM_AGE = 18
/** The youngest person whose personal data we knowingly collect (decision D9). */
export const PRIVACY_MINIMUM_AGE = 16

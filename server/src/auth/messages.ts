/** What the auth endpoints and permission checks answer; the SPA shows these texts as they are. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  notSignedIn: 'Not signed in',
  forbidden: 'You do not have permission to do this.',
  crossSite: 'Cross-site request refused',
  busy: 'The server is busy. Please try again in a moment.',
  tooManyAttempts: (seconds: number) => `Too many sign-in attempts. Please try again in ${seconds} seconds.`,
} as const

/** Staff accounts the browser tests sign in with; created by global-setup through the CLI. */
export const STAFF = {
  admin: { email: 'admin@e2e.test', role: 'admin', password: 'admin-password-1' },
  viewer: { email: 'viewer@e2e.test', role: 'viewer', password: 'viewer-password-1' },
  operator: { email: 'operator@e2e.test', role: 'operator', password: 'operator-password-1' },
} as const

/** The signed-in staff member as `GET /api/auth/me` describes them. */
export type { SessionUser } from '@contracts/auth'

export type SessionStatus = 'idle' | 'loading' | 'authenticated' | 'anonymous'

export interface LoginCredentials {
  email: string
  password: string
  remember?: boolean
}

const ROLE_LABELS: Array<[role: string, label: string]> = [
  ['admin', 'Administrator'],
  ['operator', 'Operator'],
  ['viewer', 'Viewer'],
]

/** The label of the user's highest role, as the Architect area's banner shows it. */
export const highestRoleLabel = (roles: readonly string[]): string =>
  ROLE_LABELS.find(([role]) => roles.includes(role))?.[1] ?? 'Staff'

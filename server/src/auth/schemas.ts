import { errorResponse } from '../http/schemas'
import { PERMISSIONS, ROLES } from './permissions'

/** The user every auth answer carries. Serialised by this schema, so nothing else can slip out. */
export const userSchema = {
  type: 'object',
  required: ['id', 'email', 'roles', 'permissions'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    roles: { type: 'array', items: { type: 'string', enum: [...ROLES] }, description: 'Highest first' },
    permissions: {
      type: 'array',
      items: { type: 'string', enum: [...PERMISSIONS] },
      description: "The roles' permissions plus direct grants",
    },
  },
} as const

export const userEnvelope = (description: string) =>
  ({
    description,
    type: 'object',
    required: ['success', 'data'],
    properties: { success: { type: 'boolean', const: true }, data: userSchema },
  }) as const

export const notSignedInResponse = errorResponse('Not signed in: no session, or it expired or was revoked')
export const forbiddenResponse = errorResponse('Signed in without the permission this needs')
export const crossSiteResponse = errorResponse('Cross-site request refused (cookie-authenticated request from another site)')

/** OpenAPI security requirement: either the bearer token or the session cookie. */
export const sessionSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }]

import { errorResponse } from '../http/schemas'

export const notSignedInResponse = errorResponse('Not signed in: no session, or it expired or was revoked')
export const forbiddenResponse = errorResponse('Signed in without the permission this needs')
export const crossSiteResponse = errorResponse('Cross-site request refused (cookie-authenticated request from another site)')

/** OpenAPI security requirement: either the bearer token or the session cookie. */
export const sessionSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }]

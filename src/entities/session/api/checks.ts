/**
 * Checks of the auth answers against their contract. Loaded when a session is checked or a sign-in
 * answers, not with the store: the schemas' builder stays out of the public pages' initial JavaScript.
 */
import { SessionMe, SessionSignedIn } from '@contracts/auth'
import { guardOf } from '@contracts/check'

export const isMe = guardOf(SessionMe)
export const isSignedIn = guardOf(SessionSignedIn)

import { createAction } from '@reduxjs/toolkit'
import type { SessionUser } from './types'

/*
 * Who this tab acts for changed. These events are all that code outside the session needs to
 * follow it (the store's listeners reset the socket, the conversation and the API cache on them),
 * so they live apart from the thunks and their API calls.
 */

/** Someone signed in in this tab. */
export const signedIn = createAction<SessionUser>('session/signedIn')

/** Nobody is signed in in this tab any more: they signed out, or the stored token was refused. */
export const signedOut = createAction<{ reason: 'signOut' | 'tokenRefused' }>('session/signedOut')

import { createAsyncThunk, createSlice } from '@reduxjs/toolkit'
import { isRecord } from '@contracts/check'
import { apiErrorMessage } from '@/shared/api'
import { authToken } from '@/shared/lib/auth-token'
import { rootReducer } from '@/shared/lib/store'
import { sessionApi } from '../api/sessionApi'
import { signedIn, signedOut } from './events'
import type { LoginCredentials, SessionStatus, SessionUser } from './types'

export interface SessionState {
  status: SessionStatus
  user: SessionUser | null
}

const initialState: SessionState = { status: 'idle', user: null }

/**
 * Verifies who is signed in: with a stored token the server checks it (and a rejected token is
 * removed); without one the session cookie is checked. Resolves with the user, or null.
 */
export const sessionChecked = createAsyncThunk('session/checked', async (_: void, { dispatch }) => {
  const hadToken = authToken.get() !== null
  const request = dispatch(sessionApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true }))
  try {
    const [response, { isMe }] = await Promise.all([request.unwrap(), import(/* webpackChunkName: "session-checks" */ '../api/checks')])
    if (!isMe(response)) throw new Error('Invalid response format')
    return response.data
  } catch {
    if (hadToken) {
      authToken.clear()
      // Requests and the socket carried the token until now: from here on they act for someone else.
      dispatch(signedOut({ reason: 'tokenRefused' }))
    }
    return null
  }
})

/** Signs in; stores the returned token. Fails with the server's message, else 'Authentication failed'. */
export const loggedIn = createAsyncThunk('session/loggedIn', async (credentials: LoginCredentials, { dispatch }) => {
  let response: unknown
  try {
    response = await dispatch(sessionApi.endpoints.login.initiate(credentials)).unwrap()
  } catch (error) {
    throw new Error(apiErrorMessage(error as Parameters<typeof apiErrorMessage>[0]) || 'Authentication failed')
  }
  const { isSignedIn } = await import(/* webpackChunkName: "session-checks" */ '../api/checks')
  if (!isSignedIn(response)) throw new Error((isRecord(response) && typeof response.message === 'string' && response.message) || 'Authentication failed')
  if (response.data.token) authToken.set(response.data.token)
  dispatch(signedIn(response.data.user))
  return response.data.user
})

/** Signs out on the server, then always forgets the token and the user here, even if the call failed. */
export const loggedOut = createAsyncThunk('session/loggedOut', async (_: void, { dispatch }) => {
  try {
    await dispatch(sessionApi.endpoints.logout.initiate()).unwrap()
  } catch {
    /* the local sign-out happens regardless */
  } finally {
    authToken.clear()
    dispatch(signedOut({ reason: 'signOut' }))
  }
})

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(sessionChecked.pending, (state) => {
        state.status = 'loading'
      })
      .addCase(sessionChecked.fulfilled, (state, { payload }) => {
        state.user = payload
        state.status = payload ? 'authenticated' : 'anonymous'
      })
      .addCase(signedIn, (state, { payload }) => {
        state.user = payload
        state.status = 'authenticated'
      })
      .addCase(signedOut, (state) => {
        state.user = null
        state.status = 'anonymous'
      }),
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectSessionUser: (state) => state.user,
  },
})

/** The slice joins the store when session code first loads. */
export const injectedSessionSlice = sessionSlice.injectInto(rootReducer)
export const { selectSessionStatus, selectSessionUser } = injectedSessionSlice.selectors

export const selectHasPermission = (state: RootState, permission: string): boolean =>
  selectSessionUser(state)?.permissions.includes(permission) ?? false

declare module '@/shared/lib/store/root' {
  export interface LazyLoadedSlices {
    session: SessionState
  }
}

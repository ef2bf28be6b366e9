import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import type { WithSlice } from '@reduxjs/toolkit'
import { API_BASE_URL } from '../config'
import { authToken } from '../lib/auth-token'
import { dynamicMiddleware, rootReducer } from '../lib/store'

/** The one RTK Query API. Slices add their endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: API_BASE_URL,
    credentials: 'include',
    prepareHeaders: (headers) => {
      const token = authToken.get()
      if (token) headers.set('Authorization', `Bearer ${token}`)
      headers.set('Accept', 'application/json')
      return headers
    },
  }),
  tagTypes: ['Session', 'Conversation', 'Model', 'Build', 'TokenUsage', 'Log', 'Approval', 'Task', 'Lead', 'Health', 'Question'],
  endpoints: () => ({}),
})

// The API joins the store when the first page that calls it loads, not with the first paint.
rootReducer.inject(baseApi)
dynamicMiddleware.addMiddleware(baseApi.middleware)

declare module '../lib/store/root' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the API's state into LazyLoadedSlices
  export interface LazyLoadedSlices extends WithSlice<typeof baseApi> {}
}

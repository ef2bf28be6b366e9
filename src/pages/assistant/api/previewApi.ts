import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { baseApi, isApiErrorBody } from '@/shared/api'
import { guardOf } from '@contracts/check'
import { PreviewFound, PreviewOpened, PreviewResponse, type PreviewAnswer, type PreviewMethod, type PreviewView } from '@contracts/preview'

const isPreviewOpened = guardOf(PreviewOpened)
const isPreviewFound = guardOf(PreviewFound)
const isPreviewResponse = guardOf(PreviewResponse)

export const PREVIEW_API_TEXTS = {
  invalid: 'The server answered with something that is not a preview.',
  failed: 'The preview could not be reached. Check your connection and try again.',
} as const

/** A failed call, its line for the page in `error`: the server's message, else ours. */
const failure = (error: FetchBaseQueryError): { error: FetchBaseQueryError } => {
  const data = 'data' in error ? error.data : undefined
  return { error: { status: 'CUSTOM_ERROR', error: (isApiErrorBody(data) && data.message) || PREVIEW_API_TEXTS.failed, data } }
}

const invalid = (): { error: FetchBaseQueryError } => ({ error: { status: 'CUSTOM_ERROR', error: PREVIEW_API_TEXTS.invalid } })

/** The line a failed preview call shows. */
export const previewErrorText = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string' ? error.error : PREVIEW_API_TEXTS.failed

export interface OpenedPreview {
  url: string
  expiresAt: string
  preview: PreviewView
}

export type { PreviewAnswer }

const previewPath = (sessionId: string) => `/overseer/builds/${encodeURIComponent(sessionId)}/preview`

/**
 * A delivered build's live preview (POST/GET/DELETE …/preview, POST …/preview/requests), each
 * answer checked against its contract. GET answers null when no preview of the build exists.
 */
export const previewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPreview: build.query<PreviewView | null, string>({
      queryFn: async (sessionId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: previewPath(sessionId) })
        if (result.error) return failure(result.error)
        return isPreviewFound(result.data) ? { data: result.data.data } : invalid()
      },
      keepUnusedDataFor: 0,
    }),
    openPreview: build.mutation<OpenedPreview, { sessionId: string; restart?: boolean }>({
      queryFn: async ({ sessionId, restart }, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: previewPath(sessionId), method: 'POST', body: restart ? { restart: true } : {} })
        if (result.error) return failure(result.error)
        if (!isPreviewOpened(result.data)) return invalid()
        const { url, expiresAt, data } = result.data
        return { data: { url, expiresAt, preview: data } }
      },
    }),
    stopPreview: build.mutation<null, string>({
      queryFn: async (sessionId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: previewPath(sessionId), method: 'DELETE' })
        // Already gone is stopped all the same.
        if (result.error && result.error.status !== 404) return failure(result.error)
        return { data: null }
      },
    }),
    sendPreviewRequest: build.mutation<PreviewAnswer, { sessionId: string; method: PreviewMethod; path: string; body?: string }>({
      queryFn: async ({ sessionId, ...sent }, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `${previewPath(sessionId)}/requests`, method: 'POST', body: sent })
        if (result.error) return failure(result.error)
        return isPreviewResponse(result.data) ? { data: result.data.data } : invalid()
      },
    }),
  }),
})

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'
import { guardOf } from '@contracts/check'
import { CorrectionCreated, Corrections, DocsGaps, DocsSections, QuestionsPage as QuestionsPageBody, type CorrectionBody } from '@contracts/questions'
import { apiErrorMessage, baseApi } from '@/shared/api'
import type { Correction, DocsGap, DocsSection, QuestionsPage, QuestionsQuery } from '../model/types'

const isQuestionsPage = guardOf(QuestionsPageBody)
const isDocsGaps = guardOf(DocsGaps)
const isDocsSections = guardOf(DocsSections)
const isCorrections = guardOf(Corrections)
const isCorrection = guardOf(CorrectionCreated)

const INVALID = 'Invalid response format'
const failure = (message: string) => ({ error: { status: 'CUSTOM_ERROR' as const, error: message } })

// One tag per list: a correction or an undo changes all three (a corrected question leaves the gaps).
const LIST = { type: 'Question', id: 'LIST' } as const
const GAPS = { type: 'Question', id: 'GAPS' } as const
const CORRECTIONS = { type: 'Question', id: 'CORRECTIONS' } as const

export const questionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of what visitors asked, newest first. */
    getQuestions: build.query<QuestionsPage, QuestionsQuery>({
      queryFn: async ({ search, filter, grouped, page }, _api, _extra, baseQuery) => {
        const term = search.trim()
        const result = await baseQuery({
          url: '/architect/questions',
          params: { page, filter, grouped: String(grouped), ...(term !== '' && { search: term }) },
        })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The questions could not be loaded.')
        if (!isQuestionsPage(result.data)) return failure(INVALID)
        const { data, pagination } = result.data
        return { data: { items: data, page: pagination.page, pages: Math.max(1, pagination.pages), total: pagination.total } }
      },
      providesTags: [LIST],
    }),
    /** The questions most often not answered well, most frequent first. */
    getDocsGaps: build.query<DocsGap[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/architect/questions/gaps')
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The docs gaps could not be loaded.')
        return isDocsGaps(result.data) ? { data: result.data.data } : failure(INVALID)
      },
      providesTags: [GAPS],
    }),
    /** Every docs section a correction can point to, in the docs' order. */
    getDocsSections: build.query<DocsSection[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/architect/questions/sections')
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The docs sections could not be loaded.')
        return isDocsSections(result.data) ? { data: result.data.data } : failure(INVALID)
      },
    }),
    /** Every correction, newest first, the undone ones too. */
    getCorrections: build.query<Correction[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/architect/questions/corrections')
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The corrections could not be loaded.')
        return isCorrections(result.data) ? { data: result.data.data } : failure(INVALID)
      },
      providesTags: [CORRECTIONS],
    }),
    /**
     * A correction, in force at once. The server's error goes back as it came, so the form can put
     * its field messages (`errors.question`, `errors.answer`) under the fields.
     */
    createCorrection: build.mutation<Correction, CorrectionBody>({
      queryFn: async (body, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/architect/questions/corrections', method: 'POST', body })
        if (result.error) return { error: result.error }
        return isCorrection(result.data) ? { data: result.data.data } : failure(INVALID)
      },
      invalidatesTags: [LIST, GAPS, CORRECTIONS],
    }),
    /** Undoes a correction; the assistant answers from the docs again. Also after a 409 (undone elsewhere): the list then shows who did. */
    undoCorrection: build.mutation<Correction, string>({
      queryFn: async (id, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/architect/questions/corrections/${encodeURIComponent(id)}`, method: 'DELETE' })
        if (result.error) return { error: result.error }
        return isCorrection(result.data) ? { data: result.data.data } : failure(INVALID)
      },
      invalidatesTags: [LIST, GAPS, CORRECTIONS],
    }),
  }),
})

export const {
  useGetQuestionsQuery,
  useGetDocsGapsQuery,
  useGetDocsSectionsQuery,
  useGetCorrectionsQuery,
  useCreateCorrectionMutation,
  useUndoCorrectionMutation,
} = questionsApi

/** The text of a failed call of this API: the server's message, this client's own, or `fallback`. */
export const questionsErrorText = (error: FetchBaseQueryError | SerializedError | undefined, fallback: string): string => {
  if (error && 'status' in error && error.status === 'CUSTOM_ERROR') return error.error
  return apiErrorMessage(error) ?? fallback
}

import { baseApi } from '@/shared/api'
import type { ModelCatalog } from '../model/types'
import type { ModelList } from '@contracts/chat'
import { guardOfJson } from '@contracts/check'
import chatContracts from '@contracts/json/chat.json'

const isModelList = guardOfJson<typeof ModelList>(chatContracts.ModelList)

const modelCatalogOf = (body: unknown): ModelCatalog | undefined => {
  if (!isModelList(body)) return undefined
  const { models, currentOverseerModel } = body.data
  return {
    models: Object.entries(models).map(([name, info]) => ({ name, ...info })),
    currentModel: currentOverseerModel,
  }
}

export const modelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /overseer-dev/models, checked against its contract: else 'Invalid response format' (spec section 8). */
    getModels: build.query<ModelCatalog, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/overseer-dev/models')
        if (result.error) return { error: result.error }
        const catalog = modelCatalogOf(result.data)
        return catalog ? { data: catalog } : { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } }
      },
      providesTags: ['Model'],
    }),
  }),
})

export const { useGetModelsQuery } = modelsApi

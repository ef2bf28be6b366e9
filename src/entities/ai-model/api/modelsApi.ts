import { baseApi } from '@/shared/api'
import type { ModelCatalog, ModelInfo } from '../model/types'
import { isRecord } from '@contracts/check'

const modelInfoOf = (name: string, value: unknown): ModelInfo => {
  const info = isRecord(value) ? value : {}
  return {
    name,
    description: typeof info.description === 'string' ? info.description : '',
    costPer1kTokens: typeof info.costPer1kTokens === 'number' ? info.costPer1kTokens : null,
    capabilities: Array.isArray(info.capabilities) ? info.capabilities.filter((c): c is string => typeof c === 'string') : [],
    provider: typeof info.provider === 'string' ? info.provider : '',
    source: typeof info.source === 'string' ? info.source : '',
    ...(typeof info.pricingUrl === 'string' && { pricingUrl: info.pricingUrl }),
  }
}

export const modelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /overseer-dev/models: a model response must have success true and data (spec section 5). */
    getModels: build.query<ModelCatalog, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/overseer-dev/models')
        if (result.error) return { error: result.error }
        const body: unknown = result.data
        if (!isRecord(body) || body.success !== true || !isRecord(body.data)) {
          return { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } }
        }
        const models = isRecord(body.data.models) ? body.data.models : {}
        const current = body.data.currentOverseerModel
        return {
          data: {
            models: Object.entries(models).map(([name, info]) => modelInfoOf(name, info)),
            currentModel: typeof current === 'string' ? current : null,
          },
        }
      },
      providesTags: ['Model'],
    }),
  }),
})

export const { useGetModelsQuery } = modelsApi

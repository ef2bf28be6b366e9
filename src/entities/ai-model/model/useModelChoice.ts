import { useCallback, useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { useGetModelsQuery } from '../api/modelsApi'
import { effectiveModel } from '../lib/effectiveModel'
import { modelSelected, selectSelectedModel } from './aiModelSlice'
import type { ModelInfo } from './types'

export type ModelListState = 'loading' | 'failed' | 'empty' | 'ready'

export interface ModelChoice {
  state: ModelListState
  models: ModelInfo[]
  /** The model messages go to (see effectiveModel); null until one is known. */
  model: ModelInfo | null
  choose: (name: string) => void
}

/** The models the server offers and the one in use; a choice is kept across visits. */
export const useModelChoice = (): ModelChoice => {
  const dispatch = useAppDispatch()
  const { data, isLoading, isError, error } = useGetModelsQuery()
  const chosen = useAppSelector(selectSelectedModel)
  const name = effectiveModel(data, chosen)

  useEffect(() => {
    // A failed model list is only logged; the picker says 'No models loaded' (spec section 8).
    if (isError) console.error('Failed to load models', error)
  }, [isError, error])

  const choose = useCallback((next: string) => dispatch(modelSelected(next)), [dispatch])
  const models = data?.models ?? []
  const state: ModelListState = isLoading ? 'loading' : isError || !data ? 'failed' : models.length === 0 ? 'empty' : 'ready'
  return { state, models, model: models.find((model) => model.name === name) ?? null, choose }
}

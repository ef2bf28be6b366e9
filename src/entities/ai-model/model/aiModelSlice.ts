import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface AiModelState {
  /** The model the user last chose, kept across visits (`overseer_selected_model`). */
  selectedModel: string | null
}

const initialState: AiModelState = { selectedModel: null }

export const aiModelSlice = createSlice({
  name: 'aiModel',
  initialState,
  reducers: {
    modelSelected: (state, { payload }: PayloadAction<string>) => {
      state.selectedModel = payload
    },
  },
})

export const { modelSelected } = aiModelSlice.actions

export const selectSelectedModel = (state: { aiModel?: AiModelState }): string | null =>
  state.aiModel?.selectedModel ?? null

declare module '@/shared/lib/store/root' {
  export interface LazyLoadedSlices {
    aiModel: AiModelState
  }
}

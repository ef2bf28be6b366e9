import { persistReducer, type PersistConfig } from 'redux-persist'
import createWebStorage from 'redux-persist/es/storage/createWebStorage'
import type { Reducer, UnknownAction } from '@reduxjs/toolkit'

/** Local storage when the browser has it, else a no-op store (private mode, tests without DOM). */
const storage = (() => {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return createWebStorage('local')
  } catch {
    /* storage blocked */
  }
  return {
    getItem: () => Promise.resolve(null),
    setItem: () => Promise.resolve(),
    removeItem: () => Promise.resolve(),
  }
})()

/**
 * Persists a slice under exactly the storage key the spec names (no `persist:` prefix).
 * Only what the spec names is persisted: never the API cache.
 */
export const persistUnderKey = <S, K extends keyof S & string>(
  key: string,
  reducer: Reducer<S, UnknownAction>,
  whitelist: K[],
): Reducer<S & { _persist?: { version: number; rehydrated: boolean } }, UnknownAction> => {
  const config: PersistConfig<S> = { key, keyPrefix: '', storage, whitelist, version: 1 }
  return persistReducer(config, reducer) as Reducer<S & { _persist?: { version: number; rehydrated: boolean } }, UnknownAction>
}

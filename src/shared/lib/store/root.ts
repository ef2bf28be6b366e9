import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit'

/**
 * Slices and APIs that join the store when their code loads. Each declares itself here with
 * `declare module '@/shared/lib/store' { interface LazyLoadedSlices ... }`, so the first page
 * only carries the state code it uses (RTK's code-splitting pattern).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices().withLazyLoadedSlices<LazyLoadedSlices>()

/** Middleware added by code that loads later (the RTK Query API's). */
export const dynamicMiddleware = createDynamicMiddleware()

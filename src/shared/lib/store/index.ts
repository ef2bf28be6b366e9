export { useAppDispatch, useAppSelector, useAppStore } from './hooks'
export { rootReducer, dynamicMiddleware } from './root'
export type { LazyLoadedSlices } from './root'

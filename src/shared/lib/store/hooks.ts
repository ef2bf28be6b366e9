import { useDispatch, useSelector, useStore } from 'react-redux'

/**
 * Typed hooks; the plain react-redux hooks are banned by lint. `RootState`, `AppDispatch` and
 * `AppStore` are declared globally by `src/app/store`, the only place that knows every slice.
 */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()
export const useAppStore = useStore.withTypes<AppStore>()

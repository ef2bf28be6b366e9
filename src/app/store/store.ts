import { configureStore } from '@reduxjs/toolkit'
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore } from 'redux-persist'
import { SELECTED_MODEL_KEY } from '@/shared/config'
import { dynamicMiddleware, rootReducer } from '@/shared/lib/store'
import { aiModelSlice } from '@/entities/ai-model'
import { persistUnderKey } from './persist'
import { createListeners } from './listenerMiddleware'
import { createSocketMiddleware, type SocketFactory } from './socketMiddleware'

// Persisted slices are part of the store from the start so redux-persist can rehydrate them.
rootReducer.inject({
  reducerPath: aiModelSlice.reducerPath,
  reducer: persistUnderKey(SELECTED_MODEL_KEY, aiModelSlice.reducer, ['selectedModel']),
})

export interface SetupStoreOptions {
  preloadedState?: Partial<ReturnType<typeof rootReducer>>
  /** Replaces how the socket is opened (tests connect to a real server of their own). */
  socketFactory?: SocketFactory
}

export const setupStore = ({ preloadedState, socketFactory }: SetupStoreOptions = {}) =>
  configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: {
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          // The canvas's undo history holds earlier diagrams (frozen by immer): walking them on
          // every action would slow development builds down to a crawl on a large canvas.
          ignoredPaths: ['canvas.past', 'canvas.future'],
        },
        immutableCheck: { ignoredPaths: ['canvas.past', 'canvas.future'] },
      })
        // First, as RTK advises: listeners may be added by actions that carry a function, which the
        // serializability check would refuse.
        .prepend(createListeners())
        .concat(createSocketMiddleware(socketFactory), dynamicMiddleware.middleware),
    devTools: process.env.NODE_ENV !== 'production',
  })

export const setupPersistor = (store: AppStore) => persistStore(store)

declare global {
  type RootState = ReturnType<typeof rootReducer>
  type AppStore = ReturnType<typeof setupStore>
  type AppDispatch = AppStore['dispatch']
}

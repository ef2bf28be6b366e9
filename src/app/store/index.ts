export { setupStore, setupPersistor } from './store'
export type { SetupStoreOptions } from './store'
export { createSocketMiddleware, socketUrl } from './socketMiddleware'
export type { SocketFactory } from './socketMiddleware'

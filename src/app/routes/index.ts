export { createRoutes } from './routes'
export { pageHandle, preparePage } from './prepare'
export type { PageHandle } from './prepare'

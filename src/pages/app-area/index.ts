export { loadAppArea } from './model/areas'
export type { AppAreaId } from './model/areas'
export { AppAreaLayout } from './ui/AppAreaLayout'

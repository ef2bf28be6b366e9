export { IntegrationList } from './ui/IntegrationList'
export type { Integration } from './model/types'

export { Pager } from './Pager'

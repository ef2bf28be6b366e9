export { TermList } from './TermList'

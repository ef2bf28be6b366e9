export { scrollToTop } from './scrollToTop'

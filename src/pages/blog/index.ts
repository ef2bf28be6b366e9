export { BlogPage } from './ui/BlogPage'

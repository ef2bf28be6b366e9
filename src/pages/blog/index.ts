export { BlogPage } from './ui/BlogPage'
export { blogPaths } from './model/posts'

/** The blog posts (content/blog/<id>.md), compiled at build time by scripts/markdown. */
declare module '@content/blog/*' {
  import type { PostFile } from '@/pages/blog/model/types'

  const post: PostFile
  export default post
}

/** A blog post's front matter (content/blog/<id>.md). */
export interface PostMeta {
  title: string
  /** ISO date of publication. */
  date: string
  author: { name: string; role: string }
  summary: string
  related: readonly { label: string; to: string }[]
}

/** A blog post as the Markdown loader compiles it. */
export interface PostFile {
  slug: string
  meta: PostMeta
  html: string
}

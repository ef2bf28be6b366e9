import clarifyBeforeYouBuild from '@content/blog/clarify-before-you-build.md'
import containmentAwareArchitecture from '@content/blog/containment-aware-architecture.md'
import earlyAccessJune2025 from '@content/blog/early-access-june-2025.md'
import insideTheDevloopMatrix from '@content/blog/inside-the-devloop-matrix.md'
import whyEveryChangeNeedsAYes from '@content/blog/why-every-change-needs-a-yes.md'
import type { PostFile } from './types'

export interface Post {
  /** Stable id, the file's name: the post's anchor on the blog page (/blog#{id}). */
  id: string
  title: string
  /** ISO date of publication. */
  date: string
  author: { name: string; role: string }
  summary: string
  /** The full text, as HTML compiled from the post's Markdown. */
  html: string
  /** Pages of the site the post refers to. */
  related: readonly { label: string; to: string }[]
}

const post = ({ slug, meta, html }: PostFile): Post => ({ id: slug, ...meta, html })

/** The posts (content/blog/<id>.md), newest first. */
export const POSTS: readonly Post[] = [
  earlyAccessJune2025,
  containmentAwareArchitecture,
  insideTheDevloopMatrix,
  clarifyBeforeYouBuild,
  whyEveryChangeNeedsAYes,
]
  .map(post)
  .sort((a, b) => b.date.localeCompare(a.date))

export const findPost = (id: string | undefined): Post | undefined => POSTS.find((candidate) => candidate.id === id)

/** Every post's own address. */
export const blogPaths = (): string[] => POSTS.map((post) => `/blog/${post.id}`)

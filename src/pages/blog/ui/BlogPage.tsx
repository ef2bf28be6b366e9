import { useEffect, useState } from 'react'
import { Navigate, useLocation, useParams } from 'react-router-dom'
import { BRAND_NAME, PRODUCT_NAME } from '@/shared/config'
import { prefersReducedMotion } from '@/shared/lib/motion'
import { useHydrated } from '@/shared/lib/hydration'
import { articleData, usePageMeta } from '@/shared/lib/seo'
import { PageHeader, Reveal } from '@/shared/ui'
import { NewsletterSignup } from '@/features/subscribe-newsletter'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { findPost, POSTS } from '../model/posts'
import { BlogPost } from './BlogPost'
import styles from './BlogPage.module.scss'

const postFromHash = (hash: string) => POSTS.find((post) => `#${post.id}` === hash)?.id

const BLOG_DESCRIPTION = `Notes from the ${BRAND_NAME} team on building ${PRODUCT_NAME}: recursive agents, approval gates, containment and the road to early access.`

/** The blog (/blog), or the blog with one post open as that post's own page (/blog/{id}). */
export const BlogPage = () => {
  const { postId } = useParams()
  const post = findPost(postId)
  usePageMeta(
    post
      ? {
          title: post.title,
          description: post.summary,
          path: `/blog/${post.id}`,
          type: 'article',
          structuredData:
            process.env.PRERENDER === 'true'
              ? [articleData({ title: post.title, description: post.summary, path: `/blog/${post.id}`, published: post.date, author: post.author })]
              : undefined,
        }
      : { title: 'Blog', description: BLOG_DESCRIPTION, path: '/blog' },
  )
  // The #hash never reaches the server: a post it links opens once the prerendered page is hydrated.
  const { hash: addressHash } = useLocation()
  const hash = useHydrated() ? addressHash : ''
  const linked = (): string[] => [postFromHash(hash), post?.id].filter((id): id is string => id !== undefined)
  const [state, setState] = useState(() => ({ hash, postId: post?.id, open: new Set<string>(linked()) }))
  // A link to a post (/blog/id, /blog#id) opens it, keeping the others as they are.
  if (state.hash !== hash || state.postId !== post?.id) setState({ hash, postId: post?.id, open: new Set([...state.open, ...linked()]) })

  // Bring the linked post into view once it has opened.
  useEffect(() => {
    const linked = postFromHash(hash) ?? post?.id
    if (linked) document.getElementById(linked)?.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }, [hash, post])

  const toggle = (id: string) =>
    setState((previous) => {
      const open = new Set(previous.open)
      if (open.has(id)) open.delete(id)
      else open.add(id)
      return { ...previous, open }
    })

  if (postId !== undefined && !post) return <Navigate to="/404" replace />

  return (
    <>
      <PageHeader
        title="Blog"
        lead={`How we build ${PRODUCT_NAME}, what we learn from the teams using it, and what is coming next. Written by the people doing the work.`}
      />

      <section className={styles.section} aria-labelledby="posts-title">
        <h2 id="posts-title">All posts</h2>
        <ul className={styles.posts}>
          {POSTS.map((post) => (
            <li key={post.id}>
              <Reveal>
                <BlogPost post={post} open={state.open.has(post.id)} onToggle={() => toggle(post.id)} />
              </Reveal>
            </li>
          ))}
        </ul>
      </section>

      <div className={styles.section}>
        <NewsletterSignup variant="card" title="Get new posts by e-mail" description="One e-mail when we publish, never more than twice a month." />
      </div>

      <WaitlistCta />
    </>
  )
}

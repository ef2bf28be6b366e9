import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { BRAND_NAME, PRODUCT_NAME } from '@/shared/config'
import { prefersReducedMotion } from '@/shared/lib/motion'
import { usePageMeta } from '@/shared/lib/seo'
import { PageHeader, Reveal } from '@/shared/ui'
import { NewsletterSignup } from '@/features/subscribe-newsletter'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { POSTS } from '../model/posts'
import { BlogPost } from './BlogPost'
import styles from './BlogPage.module.scss'

const postFromHash = (hash: string) => POSTS.find((post) => `#${post.id}` === hash)?.id

export const BlogPage = () => {
  usePageMeta({
    title: 'Blog',
    description: `Notes from the ${BRAND_NAME} team on building ${PRODUCT_NAME}: recursive agents, approval gates, containment and the road to early access.`,
  })
  const { hash } = useLocation()
  const [state, setState] = useState(() => {
    const linked = postFromHash(hash)
    return { hash, open: new Set<string>(linked ? [linked] : []) }
  })
  // A link to a post (/blog#id) opens it, keeping the others as they are.
  if (state.hash !== hash) {
    const linked = postFromHash(hash)
    setState({ hash, open: linked ? new Set([...state.open, linked]) : state.open })
  }

  // Bring the linked post into view once it has opened.
  useEffect(() => {
    const linked = postFromHash(hash)
    if (linked) document.getElementById(linked)?.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }, [hash])

  const toggle = (id: string) =>
    setState((previous) => {
      const open = new Set(previous.open)
      if (open.has(id)) open.delete(id)
      else open.add(id)
      return { ...previous, open }
    })

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

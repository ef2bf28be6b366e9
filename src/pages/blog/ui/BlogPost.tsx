import { Link } from 'react-router-dom'
import { useInternalLinks } from '@/shared/lib/links'
import type { Post } from '../model/posts'
import styles from './BlogPage.module.scss'

const formatDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

interface BlogPostProps {
  post: Post
  open: boolean
  onToggle: () => void
}

/** A post: title, date, author and summary; the full text opens on the page. */
export const BlogPost = ({ post, open, onToggle }: BlogPostProps) => {
  const titleId = `${post.id}-title`
  const bodyId = `${post.id}-body`
  const followInternalLinks = useInternalLinks()
  return (
    <article id={post.id} className={styles.post} aria-labelledby={titleId}>
      <p className={styles.meta}>
        <time dateTime={post.date}>{formatDate(post.date)}</time>
        <span aria-hidden="true"> · </span>
        <span>
          {post.author.name}, {post.author.role}
        </span>
      </p>
      <h3 id={titleId} className={styles.postTitle}>
        {post.title}
      </h3>
      <p className={styles.summary}>{post.summary}</p>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {/* Links to pages of this site inside the text navigate in the app. */}
        <div onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: post.html }} />
        {post.related.length > 0 && (
          <p className={styles.related}>
            Read next:{' '}
            {post.related.map((link, index) => (
              <span key={link.to}>
                {index > 0 && ' · '}
                <Link to={link.to}>{link.label}</Link>
              </span>
            ))}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          {open ? 'Show less' : 'Read the full post'}
        </button>
        <Link to={`#${post.id}`} className={styles.permalink} aria-label={`Link to this post: ${post.title}`}>
          Link to this post
        </Link>
      </div>
    </article>
  )
}

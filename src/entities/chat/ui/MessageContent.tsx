import { lazy, Suspense } from 'react'
import styles from './MarkdownMessage.module.scss'

// Markdown, sanitising and highlighting load with the first reply, not with the page.
const MarkdownMessage = lazy(() =>
  import(/* webpackChunkName: "markdown" */ './MarkdownMessage').then((module) => ({ default: module.MarkdownMessage })),
)

/** A turn's text: the user's as typed, the assistant's as Markdown (plain text until that loads). */
export const MessageContent = ({ text, markdown }: { text: string; markdown: boolean }) =>
  markdown ? (
    <Suspense fallback={<p className={styles.plain}>{text}</p>}>
      <MarkdownMessage text={text} />
    </Suspense>
  ) : (
    <p className={styles.plain}>{text}</p>
  )

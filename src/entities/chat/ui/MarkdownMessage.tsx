import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { COPY_ATTRIBUTE, renderMarkdown } from '@/shared/lib/markdown'
import styles from './MarkdownMessage.module.scss'

const COPIED_MS = 2000
/** Addresses of the server's API, not pages of the app (for example a build's download). */
const API_PATH = /^\/api(?:\/|$|\?)/

const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * A reply rendered as sanitised Markdown. Code blocks have a Copy button ('Copied' for a moment,
 * announced too); links to this site's pages navigate within the app.
 */
export const MarkdownMessage = ({ text }: { text: string }) => {
  const html = useMemo(() => renderMarkdown(text), [text])
  const navigate = useNavigate()
  const [announcement, setAnnouncement] = useState('')
  const timers = useRef<number[]>([])
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), [])

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return
    const button = event.target.closest<HTMLButtonElement>(`button[${COPY_ATTRIBUTE}]`)
    if (button) {
      const code = button.closest('.md-code')?.querySelector('code')?.textContent ?? ''
      void copyText(code).then((copied) => {
        button.textContent = copied ? 'Copied' : 'Copy failed'
        setAnnouncement(copied ? 'Code copied to the clipboard' : 'Could not copy the code')
        timers.current.push(
          window.setTimeout(() => {
            button.textContent = 'Copy'
            setAnnouncement('')
          }, COPIED_MS),
        )
      })
      return
    }
    const link = event.target.closest('a')
    const href = link?.getAttribute('href')
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
    // Site pages open in the app; the API's addresses (a build's archive) are left to the browser.
    if (href && href.startsWith('/') && !href.startsWith('//') && !API_PATH.test(href) && plain) {
      event.preventDefault()
      void navigate(href)
    }
  }

  return (
    <>
      {/* Clicks are delegated: the copy buttons and links inside are real buttons and links. */}
      <div className={styles.markdown} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </>
  )
}

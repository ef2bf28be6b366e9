import { useContext, useEffect } from 'react'
import { PageHeadContext } from './pageHead'

/**
 * Tells search engines not to index the page while it is shown: `<meta name="robots"
 * content="noindex">`, removed when the page goes (the server also sends `X-Robots-Tag`).
 */
export const useNoIndex = (): void => {
  const collector = useContext(PageHeadContext)
  collector?.reportNoIndex()
  useEffect(() => {
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.appendChild(meta)
    return () => meta.remove()
  }, [])
}

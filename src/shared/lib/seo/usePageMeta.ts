import { useContext, useEffect } from 'react'
import { metaTags, pageHead, PageHeadContext, type PageMeta } from './pageHead'

const upsert = (selector: string, create: () => HTMLElement, apply: (element: HTMLElement) => void) => {
  let element = document.head.querySelector<HTMLElement>(selector)
  if (!element) {
    element = create()
    document.head.appendChild(element)
  }
  apply(element)
}

const setMeta = (attribute: 'name' | 'property', key: string, content: string) =>
  upsert(
    `meta[${attribute}="${key}"]`,
    () => {
      const meta = document.createElement('meta')
      meta.setAttribute(attribute, key)
      return meta
    },
    (meta) => meta.setAttribute('content', content),
  )

/**
 * Sets the document title, description, canonical link and social-card tags for a page. The
 * prerender (no effects there) collects them, with the structured data, for the page's HTML.
 */
export const usePageMeta = (meta: PageMeta): void => {
  const collector = useContext(PageHeadContext)
  collector?.report(pageHead(meta, collector.pathname))
  const { title, description, path, image, type } = meta

  useEffect(() => {
    const head = pageHead({ title, description, path, image, type }, window.location.pathname)
    document.title = head.title
    for (const [attribute, key, content] of metaTags(head)) setMeta(attribute, key, content)
    upsert(
      'link[rel="canonical"]',
      () => {
        const link = document.createElement('link')
        link.rel = 'canonical'
        return link
      },
      (link) => link.setAttribute('href', head.canonical),
    )
  }, [title, description, path, image, type])
}

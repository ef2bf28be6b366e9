import { useContext, useEffect } from 'react'
import { jsonLd, metaTags, pageHead, PageHeadContext, type PageMeta } from './pageHead'

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

const STRUCTURED_DATA = 'script[type="application/ld+json"]'

/**
 * Sets the document title, description, canonical link, social-card tags and structured data
 * for a page. In the prerender (no effects run there) it hands them to the page's collector.
 */
export const usePageMeta = (meta: PageMeta): void => {
  const collector = useContext(PageHeadContext)
  collector?.report(pageHead(meta, collector.pathname))
  const { title, description, path, image, type, structuredData } = meta
  // The objects are compared by their text, so a page may build them on every render.
  const structuredText = structuredData && structuredData.length > 0 ? jsonLd(structuredData) : undefined

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
    const script = document.head.querySelector(STRUCTURED_DATA)
    if (structuredText === undefined) script?.remove()
    else
      upsert(
        STRUCTURED_DATA,
        () => {
          const element = document.createElement('script')
          element.type = 'application/ld+json'
          return element
        },
        (element) => {
          if (element.textContent !== structuredText) element.textContent = structuredText
        },
      )
  }, [title, description, path, image, type, structuredText])
}

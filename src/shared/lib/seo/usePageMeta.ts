import { useEffect } from 'react'
import { BRAND_NAME, SOCIAL_IMAGE_PATH } from '../../config'

export interface PageMeta {
  /** The page's own title; the document title becomes `{title} | {brand}`. */
  title: string
  description: string
  /** Canonical path; defaults to the current path without query or hash. */
  path?: string
  /** Social-card image path or URL; defaults to the site's card. */
  image?: string
}

export const formatTitle = (title: string): string => `${title} | ${BRAND_NAME}`

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

/** Sets the document title, description, canonical link and social-card tags for a page. */
export const usePageMeta = ({ title, description, path, image = SOCIAL_IMAGE_PATH }: PageMeta): void => {
  useEffect(() => {
    const origin = window.location.origin
    const canonical = new URL(path ?? window.location.pathname, origin).href
    const imageUrl = new URL(image, origin).href
    const fullTitle = formatTitle(title)

    document.title = fullTitle
    setMeta('name', 'description', description)
    upsert(
      'link[rel="canonical"]',
      () => {
        const link = document.createElement('link')
        link.rel = 'canonical'
        return link
      },
      (link) => link.setAttribute('href', canonical),
    )
    setMeta('property', 'og:type', 'website')
    setMeta('property', 'og:site_name', BRAND_NAME)
    setMeta('property', 'og:title', fullTitle)
    setMeta('property', 'og:description', description)
    setMeta('property', 'og:url', canonical)
    setMeta('property', 'og:image', imageUrl)
    setMeta('name', 'twitter:card', 'summary_large_image')
    setMeta('name', 'twitter:title', fullTitle)
    setMeta('name', 'twitter:description', description)
    setMeta('name', 'twitter:image', imageUrl)
  }, [title, description, path, image])
}

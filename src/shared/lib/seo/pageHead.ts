import { createContext } from 'react'
import { BRAND_NAME, SITE_URL, SOCIAL_IMAGE_PATH } from '../../config'

/** A schema.org object (JSON-LD), e.g. `{ '@type': 'Article', … }`. */
export type StructuredData = Record<string, unknown>

export interface PageMeta {
  /** The page's own title; the document title becomes `{title} | {brand}`. */
  title: string
  description: string
  /** Canonical path; defaults to the current path without query or hash. */
  path?: string
  /** Social-card image path or URL; defaults to the site's card. */
  image?: string
  /** Open Graph type: an article for a blog post, a website otherwise. */
  type?: 'website' | 'article'
  /**
   * schema.org objects describing the page, written as one JSON-LD block into its prerendered
   * HTML. Pages build them only in the prerender (`process.env.PRERENDER === 'true'`, a constant
   * of each build), so the browser's bundles do not carry them.
   */
  structuredData?: readonly StructuredData[]
}

/** What a page's head says, every URL absolute. */
export interface PageHead {
  title: string
  description: string
  canonical: string
  image: string
  type: 'website' | 'article'
  structuredData: readonly StructuredData[]
}

export const formatTitle = (title: string): string => `${title} | ${BRAND_NAME}`

/** An absolute URL on the site's public origin (`SITE_URL`). */
export const absoluteUrl = (path: string): string => new URL(path, `${SITE_URL}/`).href

export const pageHead = ({ title, description, path, image = SOCIAL_IMAGE_PATH, type = 'website', structuredData = [] }: PageMeta, pathname: string): PageHead => ({
  title: formatTitle(title),
  description,
  canonical: absoluteUrl(path ?? pathname),
  image: absoluteUrl(image),
  type,
  structuredData,
})

/** The `<meta>` tags of a head, as [attribute, key, content]: the same on the server and in the browser. */
export const metaTags = (head: PageHead): [attribute: 'name' | 'property', key: string, content: string][] => [
  ['name', 'description', head.description],
  ['property', 'og:type', head.type],
  ['property', 'og:site_name', BRAND_NAME],
  ['property', 'og:title', head.title],
  ['property', 'og:description', head.description],
  ['property', 'og:url', head.canonical],
  ['property', 'og:image', head.image],
  ['name', 'twitter:card', 'summary_large_image'],
  ['name', 'twitter:title', head.title],
  ['name', 'twitter:description', head.description],
  ['name', 'twitter:image', head.image],
]

/**
 * Where the prerender collects the head of the page it renders: `usePageMeta` reports to it while
 * rendering (there are no effects on the server). Absent in the browser.
 */
export interface PageHeadCollector {
  pathname: string
  report: (head: PageHead) => void
  reportNoIndex: () => void
}

export const PageHeadContext = createContext<PageHeadCollector | null>(null)

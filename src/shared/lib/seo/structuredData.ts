import { BRAND_NAME, CONTACT_EMAIL, POSTAL_ADDRESS, PRODUCT_NAME, SITE_URL, SOCIAL_LINKS } from '../../config'
import { absoluteUrl, type StructuredData } from './pageHead'

const CONTEXT = 'https://schema.org'

/** The company behind the site (home page). */
export const organizationData = (): StructuredData => ({
  '@context': CONTEXT,
  '@type': 'Organization',
  '@id': `${SITE_URL}/#organization`,
  name: BRAND_NAME,
  url: `${SITE_URL}/`,
  logo: absoluteUrl('/favicon.svg'),
  email: CONTACT_EMAIL,
  address: {
    '@type': 'PostalAddress',
    streetAddress: POSTAL_ADDRESS.street,
    addressLocality: POSTAL_ADDRESS.city,
    addressCountry: POSTAL_ADDRESS.country,
  },
  sameAs: SOCIAL_LINKS.map((link) => link.href),
})

/** The site itself (home page). */
export const webSiteData = (description: string): StructuredData => ({
  '@context': CONTEXT,
  '@type': 'WebSite',
  '@id': `${SITE_URL}/#website`,
  name: PRODUCT_NAME,
  url: `${SITE_URL}/`,
  description,
  publisher: { '@id': `${SITE_URL}/#organization` },
})

export interface ArticleFacts {
  title: string
  description: string
  path: string
  /** ISO date of publication. */
  published: string
  author: { name: string; role?: string }
}

/** A blog post. */
export const articleData = ({ title, description, path, published, author }: ArticleFacts): StructuredData => ({
  '@context': CONTEXT,
  '@type': 'Article',
  headline: title,
  description,
  url: absoluteUrl(path),
  mainEntityOfPage: absoluteUrl(path),
  datePublished: published,
  author: { '@type': 'Person', name: author.name, ...(author.role && { jobTitle: author.role }) },
  publisher: { '@type': 'Organization', name: BRAND_NAME, url: `${SITE_URL}/` },
  image: absoluteUrl('/social-card.png'),
})

/** Where a page sits (docs): each crumb's name and path, the page itself last. */
export const breadcrumbData = (crumbs: readonly { name: string; path: string }[]): StructuredData => ({
  '@context': CONTEXT,
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(crumb.path) })),
})

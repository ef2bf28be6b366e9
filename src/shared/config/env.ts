/**
 * Build-time settings. Webpack's DefinePlugin replaces each `process.env.X` with the value
 * from `webpack.config.ts`; in tests the real environment provides them.
 */
export const PRODUCT_NAME = process.env.PRODUCT_NAME || 'Overseer'
export const BRAND_NAME = process.env.BRAND_NAME || 'Overseer Labs'
export const API_BASE_URL = process.env.API_BASE_URL || '/api'
/**
 * The site's public origin, for absolute URLs (canonical links, social cards, the sitemap):
 * `SITE_URL` at build time, without a trailing slash.
 */
export const SITE_URL = (process.env.SITE_URL || 'https://overseerlabs.ai').replace(/\/+$/, '')

/**
 * The prerendered public pages, as the build writes them (scripts/prerender) and the server
 * answers from them (server/src/plugins/external/static.ts).
 */

/** Directory of the prerendered pages in the build's output; never served as files. */
export const PRERENDER_DIR = 'prerendered'
/** File (in PRERENDER_DIR) that lists them. */
export const PRERENDER_MANIFEST = 'manifest.json'

export interface PrerenderManifest {
  /** The site's public origin the pages' absolute URLs use (SITE_URL at build time). */
  origin: string
  /** Each public page's address, its file in PRERENDER_DIR and when its content last changed. */
  pages: Record<string, { file: string; lastModified?: string }>
  /**
   * Addresses of the app shell, first match wins after the pages: staff and private pages (200),
   * and addresses of a route that has no page of their own (404, the app shows its 'not found').
   */
  shell: { pattern: string; status: 200 | 404 }[]
  /** CSP hash sources of the `style` attributes the pages carry (allowed with 'unsafe-hashes'). */
  styleHashes: string[]
  /** CSP hash sources of the `<style>` elements the pages carry (their own chunks' CSS, inlined). */
  inlineStyleHashes?: string[]
}

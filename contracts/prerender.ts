/**
 * The prerendered public pages, as the build writes them (scripts/prerender) and the server
 * answers from them (server/src/plugins/external/static.ts).
 */
import { createHash } from 'node:crypto'

/** Directory of the prerendered pages in the build's output; never served as files. */
export const PRERENDER_DIR = 'prerendered'
/** File (in PRERENDER_DIR) that lists them. */
export const PRERENDER_MANIFEST = 'manifest.json'

/** A path of the browser's app shell: staff and private pages, and addresses of a page that has no prerendered HTML. */
export interface ShellRoute {
  /** `/share/:token`, `/architect/*`. */
  pattern: string
  /** 404 where the address names nothing (an unknown docs page or module): the app shows its own 'not found'. */
  status: 200 | 404
}

/** The CSP hash source (`'sha256-…'`) of an inline style's text. */
export const cspHash = (css: string): string => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`

export interface PrerenderManifest {
  /** The site's public origin the pages' absolute URLs use (SITE_URL at build time). */
  origin: string
  /** Each public page's address, its file in PRERENDER_DIR and when its content last changed. */
  pages: Record<string, { file: string; lastModified?: string }>
  /**
   * Addresses of the app shell, first match wins after the pages: staff and private pages (200),
   * and addresses of a route that has no page of their own (404, the app shows its 'not found').
   */
  shell: ShellRoute[]
  /** CSP hash sources of the `style` attributes the pages carry (allowed with 'unsafe-hashes'). */
  styleHashes: string[]
  /** CSP hash sources of the `<style>` elements the pages carry (their own chunks' CSS, inlined). */
  inlineStyleHashes?: string[]
}

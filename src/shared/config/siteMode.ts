export type SiteMode = 'public' | 'prelaunch'

/**
 * The server's SITE_MODE, which it writes into index.html as
 * `<meta name="overseer-site-mode" content="prelaunch">`. Public unless it says otherwise.
 */
export const siteMode = (): SiteMode =>
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="overseer-site-mode"]')?.getAttribute('content') === 'prelaunch'
    ? 'prelaunch'
    : 'public'

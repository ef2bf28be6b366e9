/** How long the start-up spinner ('Loading {product}') stays, counted from navigation start. */
export const SPLASH_DURATION_MS = 800

/**
 * The spinner is painted by `index.html` before any script runs; the app mounts behind it.
 * This removes it once it has shown for its full time.
 */
export const dismissSplash = (now: number = performance.now()): Promise<void> =>
  new Promise((resolve) => {
    const splash = document.getElementById('boot-splash')
    if (!splash) {
      resolve()
      return
    }
    window.setTimeout(
      () => {
        splash.classList.add('is-leaving')
        splash.setAttribute('aria-hidden', 'true')
        const remove = () => {
          splash.remove()
          resolve()
        }
        const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
        if (reduced) remove()
        else window.setTimeout(remove, 300)
      },
      Math.max(0, SPLASH_DURATION_MS - now),
    )
  })

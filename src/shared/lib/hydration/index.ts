import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true from the
 * render after: what only the browser knows (the address's #hash, its APIs) must wait for it,
 * so the first render matches the prerendered HTML. True at once in a page rendered in the browser.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )

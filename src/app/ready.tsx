import { useEffect, type ReactNode } from 'react'

/**
 * Marks #root `data-ready` once the app's first render is committed: hydrated over the
 * prerendered HTML, or rendered into the shell. Rendered in the prerender too (where effects do
 * not run), so both trees have the same shape.
 */
export const AppReady = ({ children }: { children: ReactNode }) => {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-ready', '')
  }, [])
  return children
}

import { useMatches } from 'react-router-dom'

/**
 * The `handle` of a child route that names the sub-page its parent's frame shows (an app area's
 * tabs: the route table declares the child routes, the frame renders the one that matched).
 */
export interface SubPageHandle {
  subPage: string
}

const isSubPageHandle = (handle: unknown): handle is SubPageHandle =>
  typeof handle === 'object' && handle !== null && 'subPage' in handle && typeof handle.subPage === 'string'

/** The sub-page the matched child route names, if `pages` has it; otherwise `fallback`. */
export const useSubPage = <K extends string>(pages: Readonly<Record<K, unknown>>, fallback: K): K => {
  const name = useMatches()
    .map((match) => match.handle)
    .filter(isSubPageHandle)
    .at(-1)?.subPage
  return name !== undefined && Object.hasOwn(pages, name) ? (name as K) : fallback
}

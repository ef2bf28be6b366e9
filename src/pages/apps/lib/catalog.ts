import type { FrameworkModule } from '@/entities/framework-module'

/** The category filter's value that shows every module. */
export const ALL_CATEGORIES = 'all'

/** Cards per page of the listing. */
export const PAGE_SIZE = 6

/**
 * The modules in `category` (or all) whose title, description or category contains the search text,
 * ignoring case and surrounding spaces.
 */
export const filterModules = (modules: readonly FrameworkModule[], category: string, search: string): FrameworkModule[] => {
  const needle = search.trim().toLowerCase()
  return modules.filter(
    (module) =>
      (category === ALL_CATEGORIES || module.category === category) &&
      (needle === '' ||
        [module.title, module.description, module.category].some((text) => text.toLowerCase().includes(needle))),
  )
}

/** How many pages `count` items fill (at least one, so an empty result is page 1 of 1). */
export const pageCount = (count: number, pageSize: number = PAGE_SIZE): number => Math.max(1, Math.ceil(count / pageSize))

/** The items of a 1-based page. */
export const pageItems = <T>(items: readonly T[], page: number, pageSize: number = PAGE_SIZE): T[] =>
  items.slice((page - 1) * pageSize, page * pageSize)

/** Columns of the card grid for the cards on screen: 3 for three or fewer, 4 for exactly four, else 3. */
export const gridColumns = (count: number): 3 | 4 => (count === 4 ? 4 : 3)

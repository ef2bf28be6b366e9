import type { FrameworkModule } from '@/entities/framework-module'
import { filterModules, gridColumns, pageCount, pageItems } from './catalog'

const moduleOf = (id: string, category: string, title = id): FrameworkModule => ({
  id,
  title,
  description: `About ${title}`,
  link: `/apps/${id}`,
  icon: 'core',
  category,
})

describe('the apps listing rules', () => {
  it('uses 3 columns for three or fewer cards, 4 for exactly four, else 3', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(gridColumns)).toEqual([3, 3, 3, 3, 4, 3, 3])
  })

  it('filters by category and by search text in title, description or category, ignoring case and spaces', () => {
    const modules = [moduleOf('a', 'Planning', 'Alpha'), moduleOf('b', 'Development', 'Beta'), moduleOf('c', 'Planning', 'Gamma')]
    expect(filterModules(modules, 'all', '').map((m) => m.id)).toEqual(['a', 'b', 'c'])
    expect(filterModules(modules, 'Planning', '').map((m) => m.id)).toEqual(['a', 'c'])
    expect(filterModules(modules, 'all', '  BETA ').map((m) => m.id)).toEqual(['b'])
    expect(filterModules(modules, 'all', 'development').map((m) => m.id)).toEqual(['b'])
    expect(filterModules(modules, 'Planning', 'beta')).toEqual([])
  })

  it('pages six at a time', () => {
    const items = Array.from({ length: 13 }, (_, index) => index)
    expect(pageCount(0)).toBe(1)
    expect(pageCount(6)).toBe(1)
    expect(pageCount(13)).toBe(3)
    expect(pageItems(items, 3)).toEqual([12])
  })
})

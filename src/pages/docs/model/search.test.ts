import { excerptAround, searchDocs } from './search'
import type { DocSearchSource } from './types'

const page = (title: string, text: string): DocSearchSource => ({ title, description: `About ${title}.`, text })

const SOURCES: Record<string, DocSearchSource> = {
  '/docs/getting-started/introduction': page('Introduction', 'Overseer has approval gates for planning, development and deployment.'),
  '/docs/core-modules/devloop-matrix': page('DevLoop Matrix', 'Development and QA agents iterate until the tests pass.'),
  '/docs/guides/permission-controls': page('Permission Controls', 'Choose the approval gates with APPROVAL_GATES.'),
  '/docs/architect-suite/approvals': page('Approvals', 'Decide pending requests.'),
}

describe('searchDocs', () => {
  it('matches titles and text, ignoring case, titles first and otherwise in sidebar order', () => {
    expect(searchDocs(SOURCES, 'APPROVAL').map((result) => result.path)).toEqual([
      '/docs/architect-suite/approvals',
      '/docs/getting-started/introduction',
      '/docs/guides/permission-controls',
    ])
  })

  it('gives each result its title, path, section and an excerpt around the match', () => {
    const [result] = searchDocs(SOURCES, 'qa agents')
    expect(result).toEqual({
      title: 'DevLoop Matrix',
      path: '/docs/core-modules/devloop-matrix',
      sectionTitle: 'Core Modules',
      excerpt: 'Development and QA agents iterate until the tests pass.',
    })
  })

  it('uses the description as the excerpt of a page found by its title only', () => {
    expect(searchDocs(SOURCES, 'approvals')[0]?.excerpt).toBe('About Approvals.')
  })

  it('trims the query and collapses its spaces; a blank query finds nothing', () => {
    expect(searchDocs(SOURCES, '  approval    gates ').map((result) => result.title)).toEqual(['Introduction', 'Permission Controls'])
    expect(searchDocs(SOURCES, '   ')).toEqual([])
    expect(searchDocs(SOURCES, 'kubernetes')).toEqual([])
  })
})

describe('excerptAround', () => {
  it('cuts long text at word boundaries around the match, with ellipses', () => {
    const text = `${'alpha '.repeat(40)}needle ${'omega '.repeat(60)}`.trim()
    const excerpt = excerptAround(text, text.indexOf('needle'), 'needle'.length)
    expect(excerpt.startsWith('…alpha')).toBe(true)
    expect(excerpt.endsWith('omega…')).toBe(true)
    expect(excerpt).toContain('needle')
    expect(excerpt.length).toBeLessThan(230)
  })
})

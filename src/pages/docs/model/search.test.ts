import { searchDocs } from './rank'
import { excerptAround } from './search'
import type { DocSearchSource } from './types'

const page = (title: string, ...sections: [heading: string | null, text: string][]): DocSearchSource => ({
  search: {
    title,
    description: `About ${title}.`,
    keywords: '',
    sections: sections.map(([heading, text]) => ({ heading, anchor: heading && heading.toLowerCase().replace(/\s+/g, '-'), text })),
  },
})

const SOURCES: Record<string, DocSearchSource> = {
  '/docs/getting-started/introduction': page('Introduction', [null, 'Overseer has approval gates for planning, development and deployment.']),
  '/docs/core-modules/devloop-matrix': page('DevLoop Matrix', [null, 'Development and QA agents iterate until the tests pass.']),
  '/docs/guides/permission-controls': page(
    'Permission Controls',
    [null, 'Who may do what.'],
    ['Choosing the gates', 'Enable the approval gates with APPROVAL_GATES, a comma-separated list.'],
  ),
  '/docs/architect-suite/approvals': page('Approvals', [null, 'Decide pending requests on the Approvals page.']),
}

describe('searchDocs', () => {
  it('finds word forms and ranks a heading or title match above a passing mention', () => {
    const paths = searchDocs(SOURCES, 'enabling approval gates').map((result) => result.path)
    expect(paths[0]).toBe('/docs/guides/permission-controls')
    expect(paths).toContain('/docs/getting-started/introduction')
  })

  it('understands the words visitors use for the docs\' own (turn on → enable)', () => {
    expect(searchDocs(SOURCES, 'turn on gates')[0]?.path).toBe('/docs/guides/permission-controls')
  })

  it('gives each result its title, path, section, an excerpt of its best passage and the words to mark', () => {
    const [result] = searchDocs(SOURCES, 'qa agents')
    expect(result).toEqual({
      title: 'DevLoop Matrix',
      path: '/docs/core-modules/devloop-matrix',
      sectionTitle: 'Core Modules',
      excerpt: 'Development and QA agents iterate until the tests pass.',
      marks: ['QA agents', 'QA', 'agents', 'tests'],
    })
  })

  it('matches the last word as a prefix while typing, and forgives a misspelling', () => {
    expect(searchDocs(SOURCES, 'iter')[0]?.path).toBe('/docs/core-modules/devloop-matrix')
    // Misspelt, the same pages in the same order as spelt right: the gates' guide and the page that decides at them.
    const spelt = searchDocs(SOURCES, 'approval gates').map((result) => result.path)
    expect(spelt.slice(0, 2).sort()).toEqual(['/docs/architect-suite/approvals', '/docs/guides/permission-controls'])
    expect(searchDocs(SOURCES, 'aproval gates').map((result) => result.path).slice(0, 2)).toEqual(spelt.slice(0, 2))
  })

  it('reads a misspelt last word as meant once it starts no docs word, and leaves one still being typed', () => {
    const spelt = searchDocs(SOURCES, 'approval gates').map((result) => result.path)
    // 'gaets' starts no word of the docs: it is finished, and misspelt.
    expect(searchDocs(SOURCES, 'aproval gaets').map((result) => result.path).slice(0, 2)).toEqual(spelt.slice(0, 2))
    // 'appro' is the start of 'approval': it is matched as typed, not read as another word.
    expect(searchDocs(SOURCES, 'gates appro').map((result) => result.path).slice(0, 2).sort()).toEqual(['/docs/architect-suite/approvals', '/docs/guides/permission-controls'])
  })

  it('lists a page once; a blank query or one the docs do not cover finds nothing', () => {
    const paths = searchDocs(SOURCES, 'approval').map((result) => result.path)
    expect(new Set(paths).size).toBe(paths.length)
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

import path from 'node:path'
import { buildThesaurus } from '../../scripts/thesaurus'
import { conceptsOf, DocsSearch, splitPage, type SearchPassage } from '.'
import THESAURUS from './thesaurus.json'

const passage = (path: string, title: string, heading: string | null, text: string): SearchPassage => ({ page: { title, path }, heading, anchor: null, text })

const PASSAGES = [
  passage('/docs/gates', 'Permission Controls', 'Choosing the gates', 'Enable the approval gates with APPROVAL_GATES, a comma-separated list of gate kinds.'),
  passage('/docs/intro', 'Introduction', null, 'Overseer works offline with its built-in engine, and approval gates pause a build.'),
  passage('/docs/auth', 'Authentication', 'Signing in', 'Sign in with your e-mail address and password to get a session.'),
  passage('/docs/staff', 'Staff accounts', 'Disabling an account', 'Disable the account of a staff member who leaves: their sessions end.'),
]

describe('the docs search (shared by the assistant and the docs page)', () => {
  const search = new DocsSearch(PASSAGES, { employe: ['staff'] })

  it('reads phrases as the docs say them: turn on → enable, log in → sign in, without internet → offline', () => {
    expect(search.search('how do I turn on gates')[0]?.passage.page.path).toBe('/docs/gates')
    expect(search.search('where do I log in')[0]?.passage.page.path).toBe('/docs/auth')
    expect(search.search('does it run without internet')[0]?.passage.page.path).toBe('/docs/intro')
  })

  it('weighs a heading above a passing mention, and word forms meet (enabling / enable)', () => {
    expect(search.search('enabling gates')[0]?.passage.page.path).toBe('/docs/gates')
  })

  it('borrows the thesaurus only for a word the docs never use', () => {
    expect(search.search('remove an employee')[0]?.passage.page.path).toBe('/docs/staff')
    const [idea] = conceptsOf('employee')
    expect(idea && search.knows(idea)).toBe(true)
  })

  it('says how much of the question a passage covers, counting words no page has', () => {
    const [hit] = search.search('gates kubernetes')
    expect(hit?.coverage).toBeGreaterThan(0)
    expect(hit?.coverage).toBeLessThan(0.5)
  })

  it('gives heading anchors as the docs page renders them (repeats numbered)', () => {
    const { sections } = splitPage('# T\n\nIntro\n\n## `GET /api/health`\n\ntext\n\n## Notes\n\na\n\n### Notes\n\nb\n\n```\n## not a heading\n```')
    expect(sections.map((section) => section.anchor)).toEqual([null, 'get-api-health', 'notes', 'notes-2'])
  })
})

describe('the thesaurus', () => {
  it('is up to date with the docs (npm run thesaurus writes it)', async () => {
    expect(await buildThesaurus(path.resolve(__dirname, '../../docs'))).toEqual(THESAURUS)
  })
})

import path from 'node:path'
import { buildThesaurus } from '../../scripts/thesaurus'
import { conceptsOf, DocsSearch, splitPage, terms, type SearchPassage } from '.'
import THESAURUS from './thesaurus.json'

const passage = (path: string, title: string, heading: string | null, text: string): SearchPassage => ({ page: { title, path }, heading, anchor: null, text })

const PASSAGES = [
  passage('/docs/gates', 'Permission Controls', 'Choosing the gates', 'Enable the approval gates with APPROVAL_GATES, a comma-separated list of gate kinds.'),
  passage('/docs/intro', 'Introduction', null, 'Overseer works offline with its built-in engine, and approval gates pause a build.'),
  passage('/docs/auth', 'Authentication', 'Signing in', 'Sign in with your e-mail address and password to get a session.'),
  passage('/docs/staff', 'Staff accounts', 'Disabling an account', 'Disable the account of a staff member who leaves: their sessions end.'),
]

describe('the docs search (shared by the assistant and the docs page)', () => {
  const search = new DocsSearch(PASSAGES, { employe: ['staff'], workforc: ['staff'] })

  it('reads phrases as the docs say them: turn on → enable, log in → sign in, without internet → offline', () => {
    expect(search.search('how do I turn on gates')[0]?.passage.page.path).toBe('/docs/gates')
    expect(search.search('where do I log in')[0]?.passage.page.path).toBe('/docs/auth')
    expect(search.search('does it run without internet')[0]?.passage.page.path).toBe('/docs/intro')
  })

  it('reads a verb and its particle apart as the phrase: turn it on → enable', () => {
    expect(search.search('the gates: how do I turn them on')[0]?.passage.page.path).toBe('/docs/gates')
    expect(conceptsOf('turn it on').some((idea) => idea.alternatives.has('enabl'))).toBe(true)
    expect(conceptsOf('turn left on').some((idea) => idea.alternatives.has('enabl'))).toBe(false)
  })

  it('reads a word asked twice as one idea, and contractions as the stop words they are', () => {
    expect(conceptsOf('a staff account, or a staff session?').map((idea) => idea.term)).toEqual(['staff', 'account', 'session'])
    expect(terms("I haven't signed in, it won't let me, I havent a session")).toEqual(['sign', 'session'])
  })

  it("reads a word of a synonym phrase as no synonym: 'version' (→ 'node js') does not also stand for the 'node' asked beside it", () => {
    const [node, version] = conceptsOf('Which Node version do I need?')
    expect([node?.term, version?.term]).toEqual(['node', 'version'])
    expect(version?.alternatives.has('node')).toBe(false)
    expect(conceptsOf('Which version do I need?')[0]?.alternatives.get('node')).toBeGreaterThan(0)
    // Two words that are synonyms on their own still stand for each other.
    expect(conceptsOf('approval gates')[0]?.alternatives.get('gate')).toBeGreaterThan(0)
    const nodes = new DocsSearch([
      passage('/docs/canvas', 'Dashboard', 'Nodes', 'Add a node to the canvas; each node is a module.'),
      passage('/docs/quickstart', 'Quick Start', 'Requirements', 'You need Node.js 20.19 or later and npm.'),
    ])
    expect(nodes.search('What Node version do I need?')[0]?.passage.page.path).toBe('/docs/quickstart')
  })

  it('weighs a heading above a passing mention, and word forms meet (enabling / enable)', () => {
    expect(search.search('enabling gates')[0]?.passage.page.path).toBe('/docs/gates')
  })

  it('borrows a little of the thesaurus for a word the docs use: its own word still says most', () => {
    const pages = [
      passage('/docs/gizmos', 'Gizmos', 'Painting gizmos', 'A gizmo is painted blue.'),
      passage('/docs/widgets', 'Widgets', 'Widget sizes', 'A widget is small.'),
      passage('/docs/billing', 'Billing', null, 'Invoices are sent monthly.'),
    ]
    const plain = new DocsSearch(pages)
    const widened = new DocsSearch(pages, { widget: ['gizmo'] })
    const share = (search: DocsSearch<SearchPassage>, question: string) => {
      const hits = search.search(question)
      const score = (path: string) => hits.find((hit) => hit.passage.page.path === path)?.score ?? 0
      return score('/docs/gizmos') / score('/docs/widgets')
    }
    // 'widget' (a docs word) also finds what the thesaurus says means the same, a little.
    expect(share(widened, 'how is a widget painted')).toBeGreaterThan(share(plain, 'how is a widget painted'))
    // Its own word counts more than its synonym.
    expect(widened.search('how big is a widget')[0]?.passage.page.path).toBe('/docs/widgets')
    expect(widened.search('how big is a widget')[1]?.score ?? 0).toBeLessThan((widened.search('how big is a widget')[0]?.score ?? 0) / 2)
  })

  it("does not let the thesaurus's word make a docs word weigh more, and covers less with it", () => {
    // 'build' on almost every page, 'construct' on one: rare, so it would weigh much.
    const pages = [
      ...Array.from({ length: 10 }, (_, index) => passage(`/docs/build-${index}`, `Builds ${index}`, null, `A build runs stage ${index}.`)),
      passage('/docs/other', 'Other', 'Making', 'We construct nothing here; widgets are round.'),
      passage('/docs/widgets', 'Widgets', null, 'Widgets are painted.'),
    ]
    const plain = new DocsSearch(pages)
    const widened = new DocsSearch(pages, { build: ['construct'] })
    const coverage = (search: DocsSearch<SearchPassage>, question: string, path: string) => search.search(question).find((hit) => hit.passage.page.path === path)?.coverage ?? 0
    // The share of 'build widgets' that a page with 'widgets' alone covers is as without the thesaurus.
    expect(coverage(widened, 'build widgets', '/docs/widgets')).toBeCloseTo(coverage(plain, 'build widgets', '/docs/widgets'), 5)
    // A passage with only the thesaurus's word covers less than half of the word asked alone.
    expect(coverage(widened, 'build', '/docs/other')).toBeLessThan(0.5)
    expect(coverage(widened, 'build', '/docs/other')).toBeGreaterThan(0)
  })

  it('borrows the thesaurus fully for a word the docs never use, to find, not to know', () => {
    expect(search.search('remove an employee')[0]?.passage.page.path).toBe('/docs/staff')
    // Found through the thesaurus, 'employee' is still a word the docs do not use: a question
    // made of such words is not one the docs answer.
    expect(search.search('workforce accounts')[0]?.passage.page.path).toBe('/docs/staff')
    const [idea] = conceptsOf('workforce')
    expect(idea && search.knows(idea)).toBe(false)
    const [own] = conceptsOf('staff')
    expect(own && search.knows(own)).toBe(true)
  })

  it('leans to the page whose keywords put the question as visitors ask it', () => {
    const question = 'can a session end when someone leaves'
    const pages = (keywords: string) =>
      PASSAGES.map((entry) => (entry.page.path === '/docs/auth' ? { ...entry, page: { ...entry.page, keywords } } : entry))
    // The staff page says it in its text; sign-in's keywords put the question as visitors ask it.
    expect(new DocsSearch(pages('')).search(question)[0]?.passage.page.path).toBe('/docs/staff')
    expect(new DocsSearch(pages('session end when someone leaves, password reset')).search(question)[0]?.passage.page.path).toBe('/docs/auth')
  })

  it("leans away from the API's route sections for a question in everyday words an API also uses (a build request), not for one about the API", () => {
    const routes = new DocsSearch([
      passage('/docs/endpoints', 'Endpoints', '`POST /api/builds`', 'Starts a build from a build request: the request body says what to build.'),
      passage('/docs/guide', 'Guide', 'Build requests', 'Say what to build, for whom, what it must do and what it must not do, in a few sentences.'),
      passage('/docs/widgets', 'Widgets', null, 'Widgets are round.'),
    ])
    expect(routes.search('How do I word my build request?')[0]?.passage.page.path).toBe('/docs/guide')
    expect(routes.search('Which endpoint starts a build?')[0]?.passage.page.path).toBe('/docs/endpoints')
    expect(routes.search('what is in the http response when a build starts')[0]?.passage.page.path).toBe('/docs/endpoints')
  })

  it('indexes every word of a long passage, a dot inside a word (index.js, 20.19) included', () => {
    const filler = 'Widgets are round and painted blue by the painter on Mondays. '.repeat(12)
    const long = new DocsSearch([
      passage('/docs/long', 'Long', 'Running', `${filler}Start zanzibar with node index.js and Node 20.19 or later. ${filler}`),
      passage('/docs/other', 'Other', null, 'Nothing here.'),
    ])
    // The passage is indexed in pieces: the words before 'index.js' are in one of them.
    expect(long.search('zanzibar')[0]?.passage.page.path).toBe('/docs/long')
  })

  it('drops a word whose stem is a stop word (ones → on)', () => {
    expect(terms('the other ones')).toEqual([])
  })

  it("meets irregular forms and American spellings of the docs' words: lose / lost, write / wrote / written, color / colour", () => {
    expect(terms('lost kept written wrote people children')).toEqual(terms('lose keep write write person child'))
    expect(terms('organized analyze analyzes color behaviors center centered gray dialogue')).toEqual(terms('organised analyse analyses colour behaviours centre centred grey dialog'))
    // Words that only look like one: '-ize' after fewer than three letters or in a compound of
    // 'size', 'left', 'found', 'bit' (bits), 'led' (LEDs).
    expect(terms('size prize seize resize resizing left found bit led')).toEqual(['size', 'prize', 'seiz', 'resiz', 'resiz', 'left', 'found', 'bit', 'led'])
    // A form whose base form is a stop word is one too ('shown' → 'show', 'given' → 'give').
    expect(terms('shown given')).toEqual([])
    // Two passages that differ in one word only: the question's other form of it decides.
    const forms = new DocsSearch([
      passage('/docs/kept', 'Tracker', 'Reconnecting', 'No progress update is kept when the connection drops.'),
      passage('/docs/lost', 'Tracker', 'Reconnecting', 'No progress update is lost when the connection drops.'),
      passage('/docs/size', 'Canvas', 'Layers', 'Each layer has a size of its own.'),
      passage('/docs/colour', 'Canvas', 'Layers', 'Each layer has a colour of its own.'),
    ])
    expect(forms.search('do I lose progress updates when my connection drops?')[0]?.passage.page.path).toBe('/docs/lost')
    expect(forms.search('which color does a layer have')[0]?.passage.page.path).toBe('/docs/colour')
  })

  it('reads the word being typed as written too: met may be the start of metrics, not a form of meet', () => {
    const typing = new DocsSearch([
      passage('/docs/metrics', 'Metrics', null, 'Token usage metrics per day.'),
      passage('/docs/meet', 'Gates', null, 'A build meets every gate once.'),
      passage('/docs/range', 'Range', null, 'Pick a date range.'),
    ])
    expect(typing.search('met', { prefixLast: true })[0]?.passage.page.path).toBe('/docs/metrics')
    expect(typing.search('rang', { prefixLast: true })[0]?.passage.page.path).toBe('/docs/range')
    // A finished question still reads the form: 'met' is 'meet'.
    expect(typing.search('which gates has a build met')[0]?.passage.page.path).toBe('/docs/meet')
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

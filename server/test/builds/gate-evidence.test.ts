import { describeGate, unifiedDiff } from '../../src/builds/approvals'
import type { BuildState } from '../../src/builds/engine'

const TEMPLATE = [
  { path: 'README.md', content: '# Sums\n' },
  { path: 'src/index.js', content: "'use strict'\n\nconst sum = (a, b) => a - b\n\nmodule.exports = { sum }\n" },
  { path: 'test/old.test.js', content: "require('node:test')\n" },
]
const WRITTEN = [
  { path: 'README.md', content: '# Sums\n' },
  { path: 'src/index.js', content: "'use strict'\n\nconst sum = (a, b) => a + b\n\nmodule.exports = { sum }\n" },
  { path: 'test/sum.test.js', content: "const test = require('node:test')\ntest('sum', () => {})\n" },
]

const state = (extra: Partial<BuildState> = {}): BuildState => ({
  request: 'Build a library with sum(a, b)',
  project: { kind: 'library', slug: 'sums', title: 'Sums', scores: { 'web-app': 0, 'http-api': 0, cli: 0, library: 1 } },
  plan: TEMPLATE,
  files: WRITTEN,
  ...extra,
})

describe('what the development gate shows the approver', () => {
  it('the files changed against the template, as a unified diff, and the loop’s last test run', () => {
    const { context } = describeGate('development', { stage: 'assembly', state: state({ loopTests: { passed: 4, failed: 0, failing: [] } }) })
    expect(context.details).toContain('Against the template: added test/sum.test.js; changed src/index.js; removed test/old.test.js')
    expect(context.details).toContain('Last test run in the sandbox: 4 passed, 0 failed')
    expect(context.tests).toEqual({ passed: 4, failed: 0, failing: [] })
    const diff = context.diff ?? ''
    expect(diff).toContain('--- a/src/index.js\n+++ b/src/index.js')
    expect(diff).toContain('-const sum = (a, b) => a - b\n+const sum = (a, b) => a + b')
    expect(diff).toContain('--- /dev/null\n+++ b/test/sum.test.js')
    expect(diff).toContain('--- a/test/old.test.js\n+++ /dev/null')
    expect(diff).not.toContain('README.md')
  })

  it('says when nothing changed and when the tests have not run yet (the offline engine)', () => {
    const { context } = describeGate('development', { stage: 'assembly', state: state({ files: TEMPLATE }) })
    expect(context.details).toContain('No change against the template')
    expect(context.details).toContain('Tests not run yet: they run in the sandbox after this approval, before delivery')
    expect(context.diff).toBeUndefined()
    expect(context.tests).toBeUndefined()
  })

  it('compares a follow-up with the project it continues, even when its plan already holds the additions', () => {
    const previous = { buildId: 'b1', kind: 'library' as const, slug: 'sums', files: TEMPLATE }
    const { context } = describeGate('development', { stage: 'assembly', state: state({ previous, plan: WRITTEN }) })
    expect(context.details).toContain('Against the project it continues: added test/sum.test.js; changed src/index.js; removed test/old.test.js')
    expect(context.diff).toContain('+const sum = (a, b) => a + b')
  })

  it('cuts a very long diff', () => {
    const big = [{ path: 'data.txt', content: `${'line\n'.repeat(10_000)}` }]
    const diff = unifiedDiff([], big)
    expect(diff.length).toBeLessThan(20_200)
    expect(diff).toMatch(/the diff is longer: download the archive after delivery to see all of it\)$/)
  })
})

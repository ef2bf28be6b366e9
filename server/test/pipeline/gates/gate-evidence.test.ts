import { MAX_CHANGES_CHARS, MAX_FILE_CHANGES_CHARS, MAX_TEST_OUTPUT_CHARS } from '@contracts/approvals'
import { describeGate, fileChanges, unifiedDiff } from '../../../src/pipeline/gates/approvals'
import type { BuildState } from '../../../src/pipeline/state'

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

const PASSED = { passed: 4, failed: 0, failing: [], output: '✔ sum (1ms)\nℹ tests 4\nℹ pass 4\nℹ fail 0\n' }

describe('what the development gate shows the approver', () => {
  it('shows every file of a new build as added, whole and highlighted by its language, whatever template it started from', () => {
    const { context } = describeGate('development', { stage: 'assembly', state: state({ loopTests: PASSED }) })
    expect(context.details).toContain('A new project: all 3 files are added')
    expect(context.details.join('\n')).not.toContain('template')
    expect(context.files).toEqual([
      { path: 'README.md', status: 'added', language: 'markdown', added: 1, removed: 0, hunks: '@@ -0,0 +1,1 @@\n+# Sums\n' },
      {
        path: 'src/index.js',
        status: 'added',
        language: 'javascript',
        added: 5,
        removed: 0,
        hunks: "@@ -0,0 +1,5 @@\n+'use strict'\n+\n+const sum = (a, b) => a + b\n+\n+module.exports = { sum }\n",
      },
      { path: 'test/sum.test.js', status: 'added', language: 'javascript', added: 2, removed: 0, hunks: "@@ -0,0 +1,2 @@\n+const test = require('node:test')\n+test('sum', () => {})\n" },
    ])
    // The unified diff of older readers says the same.
    expect(context.diff).toContain('--- /dev/null\n+++ b/src/index.js\n@@ -0,0 +1,5 @@')
    expect(context.diff).toContain('--- /dev/null\n+++ b/README.md')
  })

  it('has the test run of the development stage: counts, failing names and the tail of its output', () => {
    const output = `${'x'.repeat(MAX_TEST_OUTPUT_CHARS)}\n✖ sum adds (2ms)\nℹ fail 1\n`
    const failing = { passed: 3, failed: 1, failing: ['sum adds'], output }
    const { context } = describeGate('development', { stage: 'assembly', state: state({ loopTests: failing }) })
    expect(context.details).toContain('Last test run in the sandbox: 3 passed, 1 failed (sum adds)')
    expect(context.tests).toEqual({ passed: 3, failed: 1, failing: ['sum adds'], output: output.slice(-MAX_TEST_OUTPUT_CHARS) })
    expect(context.tests?.output).toMatch(/✖ sum adds \(2ms\)\nℹ fail 1\n$/)
    expect(context.testsNotRun).toBeUndefined()
  })

  it('says why the tests did not run when there is no sandbox', () => {
    const problem = 'bubblewrap (bwrap) is not installed: generated code cannot be run safely.'
    const { context } = describeGate('development', { stage: 'assembly', state: state({ testsNotRun: problem }) })
    expect(context.details).toContain(`Tests not run, since there is no sandbox: ${problem}`)
    expect(context.testsNotRun).toBe(problem)
    expect(context.tests).toBeUndefined()
  })

  it('compares a follow-up with the project it continues, even when its plan already holds the additions', () => {
    const previous = { buildId: 'b1', kind: 'library' as const, slug: 'sums', files: TEMPLATE }
    const { context } = describeGate('development', { stage: 'assembly', state: state({ previous, plan: WRITTEN, loopTests: PASSED }) })
    expect(context.details).toContain('Against the project it continues: added test/sum.test.js; changed src/index.js; removed test/old.test.js')
    expect(context.files).toEqual([
      {
        path: 'src/index.js',
        status: 'changed',
        language: 'javascript',
        added: 1,
        removed: 1,
        hunks: "@@ -1,5 +1,5 @@\n 'use strict'\n \n-const sum = (a, b) => a - b\n+const sum = (a, b) => a + b\n \n module.exports = { sum }\n",
      },
      { path: 'test/old.test.js', status: 'removed', language: 'javascript', added: 0, removed: 1, hunks: "@@ -1,1 +0,0 @@\n-require('node:test')\n" },
      { path: 'test/sum.test.js', status: 'added', language: 'javascript', added: 2, removed: 0, hunks: "@@ -0,0 +1,2 @@\n+const test = require('node:test')\n+test('sum', () => {})\n" },
    ])
    const diff = context.diff ?? ''
    expect(diff).toContain('--- a/src/index.js\n+++ b/src/index.js')
    expect(diff).toContain('-const sum = (a, b) => a - b\n+const sum = (a, b) => a + b')
    expect(diff).toContain('--- /dev/null\n+++ b/test/sum.test.js')
    expect(diff).toContain('--- a/test/old.test.js\n+++ /dev/null')
    expect(diff).not.toContain('README.md')
  })

  it('says when a follow-up changed nothing, and when no test ran before the gate', () => {
    const previous = { buildId: 'b1', kind: 'library' as const, slug: 'sums', files: WRITTEN }
    const { context } = describeGate('development', { stage: 'assembly', state: state({ previous }) })
    expect(context.details).toContain('No change against the project it continues')
    expect(context.details).toContain('Tests not run yet: they run in the sandbox after this approval, before delivery')
    expect(context.files).toEqual([])
    expect(context.diff).toBeUndefined()
    expect(context.tests).toBeUndefined()
  })

  it("cuts one file's changes at a line's end, and all files' together, keeping every file's counts", () => {
    const line = `${'x'.repeat(99)}\n`
    const big = line.repeat(Math.ceil((MAX_FILE_CHANGES_CHARS * 1.5) / line.length))
    const files = Array.from({ length: 8 }, (_, index) => ({ path: `data/${index}.txt`, content: big }))
    const changes = fileChanges([], files)
    expect(changes).toHaveLength(8)
    const [first] = changes
    expect(first).toMatchObject({ path: 'data/0.txt', status: 'added', language: 'plaintext', added: big.split('\n').length - 1, cut: 'file' })
    expect(first?.hunks.length).toBeLessThanOrEqual(MAX_FILE_CHANGES_CHARS)
    expect(first?.hunks).toMatch(/\n\+x{99}\n$/)
    const total = changes.reduce((sum, change) => sum + change.hunks.length, 0)
    expect(total).toBeLessThanOrEqual(MAX_CHANGES_CHARS)
    expect(total).toBeGreaterThan(MAX_CHANGES_CHARS - MAX_FILE_CHANGES_CHARS)
    expect(changes.at(-1)).toMatchObject({ path: 'data/7.txt', hunks: '', cut: 'total', added: first?.added })
    expect(changes.filter((change) => change.cut === 'total').length).toBeGreaterThan(0)
    // The request's stored evidence stays bounded.
    const { context } = describeGate('development', { stage: 'assembly', state: state({ plan: files, files }) })
    expect(JSON.stringify(context).length).toBeLessThan(MAX_CHANGES_CHARS + 30_000)
  })

  it('cuts a very long diff', () => {
    const big = [{ path: 'data.txt', content: `${'line\n'.repeat(10_000)}` }]
    const diff = unifiedDiff([], big)
    expect(diff.length).toBeLessThan(20_200)
    expect(diff).toMatch(/\(cut at 20,000 characters: each file's own changes are under files\)$/)
  })
})

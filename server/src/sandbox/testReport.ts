/** What the Node.js test runner's TAP output says: its counts and the names of what failed. */
export interface TestCounts {
  passed: number
  failed: number
  failing: string[]
}

const SUMMARY = /^# (pass|fail) (\d+)\s*$/gm
const NOT_OK = /^\s*not ok \d+ - (.*?)(?:\s+#\s*(?:SKIP|TODO)\b.*)?$/gm
const OK = /^\s*ok \d+ - /gm

/**
 * Reads `node --test` output (TAP, its format when not on a terminal). The summary's `# pass`
 * and `# fail` lines give the counts; a run cut short before its summary is counted from its
 * `ok` and `not ok` lines. Failing names keep their order, each once.
 */
export const parseTestOutput = (output: string): TestCounts => {
  const summary: Partial<Record<'pass' | 'fail', number>> = {}
  for (const [, key, count] of output.matchAll(SUMMARY)) summary[key as 'pass' | 'fail'] = Number(count)
  const failing = [...new Set([...output.matchAll(NOT_OK)].map(([line, name]) => (line.includes('# SKIP') || line.includes('# TODO') ? '' : (name ?? '').trim())))].filter(
    (name) => name !== '',
  )
  return {
    passed: summary.pass ?? [...output.matchAll(OK)].length,
    failed: summary.fail ?? failing.length,
    failing,
  }
}

/**
 * Reading a project's `npm test` output: Node's built-in test runner (`node --test`). With stdout
 * not a terminal (a sandboxed run's pipe), Node 20 and 22 print TAP:
 *
 *     not ok 2 - subtracts
 *       ---
 *       failureType: 'testCodeFailure'
 *       ...
 *     # pass 3
 *     # fail 1
 *     # cancelled 0
 *
 * Newer Node versions print the `spec` reporter everywhere (`ℹ pass 3`, and the failing tests
 * listed after `✖ failing tests:`); both are read.
 */

/** The counts and the failing tests' names a test run printed. */
export interface TestCounts {
  passed: number
  /** Failed and cancelled tests (a test cut short by a timeout, or left pending, did not pass). */
  failed: number
  /** The failing tests' names as the runner printed them, in order, at most MAX_FAILING_NAMES. */
  failing: string[]
}

/** Names kept: a run with thousands of failures needs only the first to be acted on. */
export const MAX_FAILING_NAMES = 50
const MAX_NAME_LENGTH = 200

/** TAP escapes `#` and `\` in names (`subtracts \# weird`); the name is shown as the test wrote it. */
const unescapeTap = (name: string): string => name.replace(/\\([\\#])/g, '$1')

const clipName = (name: string): string => (name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name)

/** The last value of a summary line (`# pass 3`, `ℹ pass 3`), when there is one. */
const summaryCount = (lines: readonly string[], prefix: '#' | 'ℹ', label: string): number | undefined => {
  const pattern = new RegExp(`^${prefix === '#' ? '#' : 'ℹ'} ${label} (\\d+)$`)
  let value: number | undefined
  for (const line of lines) {
    const match = pattern.exec(line.trim())
    if (match?.[1] !== undefined) value = Number(match[1])
  }
  return value
}

/**
 * The failing test points of TAP output, at any depth: `not ok` lines, without the `# TODO` and
 * `# SKIP` ones (the runner does not count them as failures) nor suites (`describe` blocks, whose
 * YAML block says `type: 'suite'`: their failing tests are listed themselves).
 */
const tapFailing = (lines: readonly string[]): string[] => {
  const failing: string[] = []
  for (let i = 0; i < lines.length; i += 1) {
    const match = /^(\s*)not ok \d+ - (.*)$/.exec(lines[i] ?? '')
    if (!match) continue
    const [, indent = '', rawName = ''] = match
    if (/\s#\s*(TODO|SKIP)\b/i.test(rawName.replace(/\\#/g, ''))) continue
    let suite = false
    if (lines[i + 1]?.trim() === '---') {
      for (let j = i + 2; j < lines.length; j += 1) {
        const line = lines[j] ?? ''
        if (line.trim() === '...' || !line.startsWith(`${indent}  `)) break
        if (line.trim() === "type: 'suite'") suite = true
      }
    }
    if (!suite) failing.push(clipName(unescapeTap(rawName.trim())))
  }
  return failing
}

/** The spec reporter's list after `✖ failing tests:`: `✖ name (1.2ms)` lines, without `# TODO`. */
const specFailing = (lines: readonly string[]): string[] => {
  const start = lines.findIndex((line) => line.trim() === '✖ failing tests:')
  if (start < 0) return []
  const failing: string[] = []
  for (const line of lines.slice(start + 1)) {
    const match = /^✖ (.*?) \(\d+(?:\.\d+)?m?s\)(.*)$/.exec(line)
    if (match && !/#\s*TODO/.test(match[2] ?? '')) failing.push(clipName(match[1] ?? ''))
  }
  return failing
}

/**
 * The counts and failing tests of `node --test` output (TAP, or the spec reporter's). Output
 * without a summary (the run was killed first, or the test command is not `node --test`) is
 * counted from its top-level TAP lines, when it has any; the exit code says whether it passed.
 */
export const parseTestOutput = (output: string): TestCounts => {
  const lines = output.replace(/\r\n?/g, '\n').split('\n')
  for (const prefix of ['#', 'ℹ'] as const) {
    const passed = summaryCount(lines, prefix, 'pass')
    const fail = summaryCount(lines, prefix, 'fail')
    if (passed === undefined || fail === undefined) continue
    const failed = fail + (summaryCount(lines, prefix, 'cancelled') ?? 0)
    const failing = prefix === '#' ? tapFailing(lines) : specFailing(lines)
    return { passed, failed, failing: failing.slice(0, MAX_FAILING_NAMES) }
  }
  const failing = tapFailing(lines)
  const passed = lines.filter((line) => /^ok \d+ - /.test(line) && !/\s#\s*(TODO|SKIP)\b/i.test(line)).length
  const failed = lines.filter((line) => /^not ok \d+ - /.test(line) && !/\s#\s*(TODO|SKIP)\b/i.test(line)).length
  return { passed, failed, failing: failing.slice(0, MAX_FAILING_NAMES) }
}

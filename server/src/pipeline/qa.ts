import { createHash } from 'node:crypto'
import type { ProjectFile } from '../generation/archive'
import { Workspace } from '../sandbox/workspace'
import { StageFailure, type StageContext, type TestSummary } from './state'

/** What identifies a set of files for a test run: their paths, contents and modes. */
export const filesKey = (files: readonly ProjectFile[]): string =>
  createHash('sha256')
    .update(JSON.stringify([...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((file) => [file.path, file.content, file.executable === true])))
    .digest('hex')

export const QA_MESSAGES = {
  /** A stage's summary when a template's tests could not run. */
  notRunBrief: 'tests not run: no sandbox',
  /** The reply's line when a template's tests could not run: the sandbox's problem says what to install (the one line said at start too). */
  notRun: (problem: string) => `tests not run: no sandbox. ${problem}`,
  failed: (failed: number, total: number, failing: readonly string[]) =>
    `The project's tests failed (${failed} of ${total} failing${failing.length > 0 ? `: ${failing.slice(0, 5).join(', ')}${failing.length > 5 ? ', …' : ''}` : ''}), so it was not delivered.`,
  stopped: (reason: string) => `The project's tests could not finish: ${reason} It was not delivered.`,
  noSandbox: (problem: string) => `Model-written code runs only in the sandbox, and there is none here: ${problem}`,
} as const

/**
 * QA before delivery: the project's own tests, run in the sandbox on exactly the files that would
 * be delivered. Failing tests, or a run stopped at a limit, end the build. Without a sandbox a
 * template's tests are not run (the reply says so); model-written code is never run unconfined.
 */
export const runQa = async ({
  files,
  log,
  progress,
  sandbox,
  signal,
  untimed,
  modelWritten,
}: Pick<StageContext, 'log' | 'progress' | 'sandbox' | 'signal' | 'untimed'> & { files: readonly ProjectFile[]; modelWritten: boolean }): Promise<TestSummary> => {
  if (sandbox.mode === 'unavailable') {
    if (modelWritten) throw new StageFailure(QA_MESSAGES.noSandbox(sandbox.problem ?? ''))
    await log('WARNING', `The tests were not run: ${sandbox.problem ?? 'no sandbox'}`)
    return { ran: false, reason: QA_MESSAGES.notRun(sandbox.problem ?? '') }
  }
  await progress(0.1, 'Running the tests in the sandbox...')
  const workspace = await Workspace.create(files)
  try {
    const report = await untimed(() => sandbox.runTests(workspace.root, signal))
    signal.throwIfAborted()
    const total = report.passed + report.failed
    if (!report.ok) {
      await log('WARNING', `QA: ${report.failed} of ${total} tests failing${report.failing.length > 0 ? ` (${report.failing.join(', ')})` : ''}; output tail: ${report.output.slice(-1_000)}`)
      if (report.stopped === 'time' || report.stopped === 'memory' || report.stopped === 'disk') throw new StageFailure(QA_MESSAGES.stopped(report.output.trim().split('\n').at(-1) ?? ''))
      throw new StageFailure(QA_MESSAGES.failed(Math.max(1, report.failed), Math.max(1, total), report.failing))
    }
    await log('INFO', `QA: ${report.passed} of ${total} tests passed in the sandbox (${sandbox.mode}, ${report.durationMs} ms)`)
    await progress(0.9, `Tests passed: ${report.passed} of ${total}`)
    return { ran: true, passed: report.passed, failed: report.failed, failing: report.failing, durationMs: report.durationMs, output: report.output.slice(-4_000) }
  } finally {
    await workspace.remove()
  }
}


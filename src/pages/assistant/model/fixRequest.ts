import type { ConsoleLine, PreviewView } from '@contracts/preview'

/** The console lines a fix request quotes, at most (the last ones). */
const QUOTED_LINES = 20

/** A request the preview origin passed on that the app answered with a server error (5xx, or not at all). */
const failedRequest = (line: ConsoleLine): boolean => (line.stream === 'request' || line.stream === 'system') && /→ 5\d\d\b/.test(line.text)

/** What went wrong in a preview, if anything: its app crashed, or a request failed with a server error. */
export const previewProblem = (preview: PreviewView): string | undefined => {
  if (preview.ended?.reason === 'crashed' || preview.ended?.reason === 'limit') return preview.ended.message
  const failed = preview.console.findLast(failedRequest)
  return failed ? `A request failed: ${failed.text}` : undefined
}

/**
 * The follow-up that asks the builder to fix what the preview showed: the problem, the request
 * that caused it, and the console's last lines, as a message of the conversation.
 */
export const fixRequestOf = (preview: PreviewView): string => {
  const problem = previewProblem(preview) ?? 'The app does not work as it should.'
  const lines = preview.console.slice(-QUOTED_LINES).map((line) => line.text)
  return [`Fix this error in the app: ${problem}`, '', 'The preview\u2019s console, its last lines:', '```', ...lines, '```'].join('\n')
}

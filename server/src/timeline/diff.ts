import { structuredPatch } from 'diff'
import { EVENT_DIFF_CHARS } from '@contracts/buildEvents'

/**
 * A file's change as a timeline shows it: the hunks of a unified diff (three lines of context)
 * from `before` (undefined: a new file, every line added) to `after`, cut at EVENT_DIFF_CHARS.
 */
export const fileDiff = (before: string | undefined, after: string): string => {
  const patch = structuredPatch('a', 'b', before ?? '', after, undefined, undefined, { context: 3 })
  // As `diff -u` writes it: an empty side starts at line 0.
  const start = (line: number, count: number) => (count === 0 ? line - 1 : line)
  const text = patch.hunks
    .map((hunk) => [`@@ -${start(hunk.oldStart, hunk.oldLines)},${hunk.oldLines} +${start(hunk.newStart, hunk.newLines)},${hunk.newLines} @@`, ...hunk.lines].join('\n'))
    .join('\n')
  return text.length > EVENT_DIFF_CHARS ? `${text.slice(0, EVENT_DIFF_CHARS)}\n… (cut: the diff has ${text.length} characters)` : text
}

/**
 * Classification: which kind of starter project fits a request, by deterministic keyword
 * scoring (no model needed). The project's name comes from understanding the request (understand/).
 */

import { PROJECT_KINDS, type ProjectKind } from '@contracts/builds'

export { PROJECT_KINDS }
export type { ProjectKind }

export const KIND_LABELS: Record<ProjectKind, string> = {
  'web-app': 'web app',
  'http-api': 'HTTP API',
  cli: 'command-line tool',
  library: 'library',
}

/** Words (or phrases) that point to a kind, with their weight (or away from it, below 0). Matched on whole words. */
const KEYWORDS: Record<ProjectKind, readonly (readonly [string, number])[]> = {
  'web-app': [
    ['web app', 4], ['webapp', 4], ['web application', 4], ['website', 3], ['web site', 3], ['web page', 3], ['webpage', 3],
    ['frontend', 3], ['front end', 3], ['dashboard', 2], ['ui', 2], ['browser', 2], ['page', 1], ['html', 2], ['spa', 3],
    ['app', 1], ['todo', 1], ['landing', 2], ['form', 1],
  ],
  'http-api': [
    ['api', 4], ['rest', 3], ['restful', 3], ['endpoint', 3], ['endpoints', 3], ['backend', 3], ['back end', 3],
    ['server', 2], ['service', 2], ['microservice', 3], ['http', 2], ['json', 1], ['webhook', 2], ['crud', 2],
  ],
  cli: [
    ['cli', 4], ['command line', 4], ['command-line', 4], ['terminal', 3], ['shell', 2], ['script', 2], ['tool', 1],
    ['console', 2], ['utility', 1], ['command', 2], ['commands', 2], ['program', 2], ['converter', 2], ['convert', 1], ['converts', 1],
  ],
  library: [
    ['library', 4], ['package', 3], ['module', 2], ['sdk', 3], ['npm', 2], ['helper', 2], ['helpers', 2], ['utils', 2],
    ['function', 2], ['functions', 2], ['parser', 2], ['lib', 3],
    // A library that lends books is what the software is about, not what it is.
    ['library management', -4], ['library system', -4], ['library app', -4],
  ],
}

/** When nothing points anywhere, a web app: what most build requests ask for. */
export const DEFAULT_KIND: ProjectKind = 'web-app'

export interface Classification {
  kind: ProjectKind
  scores: Record<ProjectKind, number>
}

const normalise = (text: string): string => ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `

/** Scores each kind by its keywords in `request`; the highest wins, ties in PROJECT_KINDS order, none: the default. */
export const classify = (request: string): Classification => {
  const text = normalise(request)
  const scores = Object.fromEntries(PROJECT_KINDS.map((kind) => [kind, 0])) as Record<ProjectKind, number>
  for (const kind of PROJECT_KINDS) {
    for (const [keyword, weight] of KEYWORDS[kind]) {
      if (text.includes(normalise(keyword))) scores[kind] += weight
    }
  }
  let kind: ProjectKind = DEFAULT_KIND
  let best = 0
  for (const candidate of PROJECT_KINDS) {
    if (scores[candidate] > best) {
      best = scores[candidate]
      kind = candidate
    }
  }
  return { kind, scores }
}

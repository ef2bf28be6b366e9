/**
 * What a command-line tool or a library is asked to do, when it is one of the tasks the offline
 * engine writes for real (CSV to JSON, word count, slugify, price formatting…).
 */

import type { CliTask, LibraryTask } from './types'

/** The request's text for matching: lower case, runs of spaces and dashes as one space. */
const flat = (request: string): string => ` ${request.slice(0, 4000).toLowerCase().replace(/[\s_]+/g, ' ')} `

/** The command-line task a request asks for; `generic` when it is none of the known ones. */
export const cliTaskOf = (request: string): CliTask => {
  const text = flat(request)
  const csv = text.search(/\bcsv\b|\bcsv2json\b|\bjson2csv\b/)
  const json = text.search(/\bjson\b/)
  if (/\bjson2csv\b|\bjson (?:to|into|2) csv\b|\bfrom json\b.*\bcsv\b/.test(text)) return 'json-to-csv'
  if (/\bcsv2json\b|\bcsv (?:to|into|2) json\b|\bfrom csv\b/.test(text)) return 'csv-to-json'
  if (csv >= 0 && json >= 0) return csv < json ? 'csv-to-json' : 'json-to-csv'
  // CSV alone: a converter when the request reads or converts it, not when it merges or sorts it.
  if (csv >= 0 && /\b(?:conver|pars|read|transform|turn|export|dump|print|view|show|display|load)\w*/.test(text)) return 'csv-to-json'
  if (/\breplac|\bsubstitut|\bsed\b|\bfind (?:and|&) replace\b|\bsearch (?:and|&) replace\b/.test(text)) return 'find-replace'
  if (/\bfile ?(?:stats|statistics|sizes?|info|information|details|metadata)\b|\bdisk (?:usage|space)\b|\bdu\b|\b(?:size|sizes) of (?:files|folders|directories|a folder|a directory)\b|\b(?:directory|folder) (?:stats|statistics|sizes?)\b|\blargest files\b|\bhow big\b/.test(text)) return 'file-stats'
  if (/\b(?:word|line|character|char|letter)s? ?(?:count|counter|counting|frequenc)|\bcount(?:s|ing)? (?:the )?(?:number of )?(?:words|lines|characters|chars)\b|\bwc\b/.test(text)) return 'word-count'
  if (/\bgrep\b|\bsearch(?:es|ing)?\b|\bfind(?:s|ing)? (?:text|lines|words|patterns?|matches|occurrences|strings?|todos?)\b|\bmatch(?:es|ing)? (?:lines|patterns?)\b|\bfind in files\b|\bregex\b|\bregular expressions?\b/.test(text)) return 'search'
  return 'generic'
}

const LIBRARY_PATTERNS: readonly (readonly [LibraryTask, RegExp])[] = [
  ['slugify', /\bslug(?:s|ify|ifies|ifying|ification|ifier)?\b|\burl[- ]friendly\b|\bpermalinks?\b/],
  ['format-prices', /\bprices?\b|\bpricing\b|\bcurrenc(?:y|ies)\b|\bmoney\b|\bmonetary\b/],
  ['validate-emails', /\be-?mail(?: address)?(?:es|s)? (?:validat|verif|check|pars|normali)|\b(?:validat|verif|check|pars|normali)\w* (?:an |the |of )?e-?mail|\be-?mail validat/],
  ['parse-durations', /\bdurations?\b|\btime ?spans?\b|\bhuman[- ]readable (?:times?|durations?)\b|\belapsed time\b/],
  ['parse-csv', /\bcsv\b/],
  ['change-case', /\b(?:camel|snake|kebab|pascal|title|constant)[ -]?case\b|\bcase conver|\bconvert\w* (?:the )?case\b/],
  ['dates', /\bdates?\b(?! ?range)|\bcalendar days\b|\bweekdays?\b|\bweekends?\b|\btimestamps?\b/],
  ['format-bytes', /\bbytes?\b|\bfile ?sizes?\b|\bhuman[- ]readable (?:file )?sizes?\b|\bfilesize\b/],
]

/** The library tasks a request asks for, in the order it names them; empty for none of the known ones. */
export const libraryTasksOf = (request: string): LibraryTask[] => {
  const text = flat(request)
  const found = LIBRARY_PATTERNS.map(([task, pattern]) => ({ task, at: text.search(pattern) })).filter((entry) => entry.at >= 0)
  // 'string helpers' or 'string utilities' with no task named: the string tasks.
  if (found.length === 0 && /\bstrings? (?:helpers|utils|utilities|functions|manipulation|tools)\b/.test(text)) return ['slugify', 'change-case']
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.task)
}

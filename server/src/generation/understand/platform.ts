/**
 * Languages and platforms the offline engine does not build for (it writes Node.js projects
 * only): found in a request, so the reply and the README can say plainly what was built instead.
 */

import { PROGRAM_WORDS } from './lexicon'
import type { Unsupported } from './types'

type Role = 'language' | 'framework' | 'platform'

interface Entry {
  label: string
  role: Role
  /** Matched on the request as written; a contextual name ('Go', 'Rust') only where it reads as a language. */
  pattern: RegExp
  /** What a platform is called when the request names no kind of project ('mobile' → 'mobile app'). */
  noun?: string
}

/** Each word as it may be written: 'cli', 'Cli', 'CLI' (the names around them keep their case). */
const anyCase = (words: readonly string[]): string => words.flatMap((word) => [word, word.charAt(0).toUpperCase() + word.slice(1), word.toUpperCase()]).join('|')

/**
 * `name` (matched as written) where it reads as a language or framework rather than a word:
 * 'in Go', 'using Go', 'a Go CLI', 'written in Go'; not 'ready to go' or 'in spring'.
 */
const contextual = (name: string): string => `\\b(?:in|using|with|written in) ${name}\\b|\\b${name} (?:${anyCase(PROGRAM_WORDS)})\\b`

const ENTRIES: readonly Entry[] = [
  // Platforms first: 'an iOS app in Swift' is said as the platform's app in the language.
  { label: 'React Native', role: 'platform', pattern: /\breact[ -]native\b/i, noun: 'app' },
  { label: 'iOS', role: 'platform', pattern: /\bios\b|\biphone\b|\bipad\b|\bwatchos\b/i, noun: 'app' },
  { label: 'Android', role: 'platform', pattern: /\bandroid\b/i, noun: 'app' },
  { label: 'Flutter', role: 'platform', pattern: /\bflutter\b/i, noun: 'app' },
  { label: 'Xamarin', role: 'platform', pattern: /\bxamarin\b/i, noun: 'app' },
  { label: 'SwiftUI', role: 'framework', pattern: /\bswiftui\b/i, noun: 'app' },
  { label: 'mobile', role: 'platform', pattern: /\bmobile (?:app|application)s?\b|\bnative app\b/i, noun: 'app' },
  { label: 'desktop', role: 'platform', pattern: /\bdesktop (?:app|application|program|client)s?\b|\b(?:windows|macos|mac os|linux|gtk|qt|wpf|winforms) (?:desktop )?(?:app|application|program)s?\b/i, noun: 'app' },
  { label: 'browser', role: 'platform', pattern: /\b(?:chrome|firefox|browser|vs ?code|vscode) (?:extension|add-?on|plugin)s?\b/i, noun: 'extension' },
  { label: 'WordPress', role: 'platform', pattern: /\bwordpress\b/i, noun: 'plugin' },
  { label: 'Django', role: 'framework', pattern: /\bdjango\b/i },
  { label: 'Flask', role: 'framework', pattern: /\bflask\b/i },
  { label: 'FastAPI', role: 'framework', pattern: /\bfastapi\b/i },
  { label: 'Spring Boot', role: 'framework', pattern: /\bspring ?boot\b/i },
  { label: 'Spring', role: 'framework', pattern: new RegExp(contextual('Spring')) },
  { label: 'Laravel', role: 'framework', pattern: /\blaravel\b/i },
  { label: 'Symfony', role: 'framework', pattern: /\bsymfony\b/i },
  { label: 'Ruby on Rails', role: 'framework', pattern: new RegExp(`\\b[Rr]uby on [Rr]ails\\b|${contextual('Rails')}`) },
  { label: 'ASP.NET', role: 'framework', pattern: /\basp\.?net\b/i },
  { label: '.NET', role: 'framework', pattern: /(?:^|\s)\.net\b|\bdotnet\b/i },
  { label: 'Unity', role: 'platform', pattern: new RegExp(contextual('Unity')), noun: 'game' },
  { label: 'Python', role: 'language', pattern: /\bpython\d?\b|\bpypi\b|\bpip (?:package|install)/i },
  { label: 'PHP', role: 'language', pattern: /\bphp\d?\b/i },
  { label: 'Ruby', role: 'language', pattern: new RegExp(`${contextual('Ruby')}|\\bruby gem\\b`) },
  { label: 'Java', role: 'language', pattern: new RegExp(`\\bJava\\b|\\bJAVA\\b|${contextual('java')}`) },
  { label: 'Kotlin', role: 'language', pattern: /\bkotlin\b/i },
  { label: 'Scala', role: 'language', pattern: /\bscala\b/i },
  { label: 'Swift', role: 'language', pattern: new RegExp(contextual('[Ss]wift')) },
  { label: 'Objective-C', role: 'language', pattern: /\bobjective[- ]c\b/i },
  { label: 'C#', role: 'language', pattern: /(?:^|[^a-z])c#|\bcsharp\b|\bc sharp\b/i },
  { label: 'C++', role: 'language', pattern: /(?:^|[^a-z])c\+\+|\bcpp\b/i },
  { label: 'C', role: 'language', pattern: new RegExp(`${contextual('C')}(?![#+])`) },
  { label: 'Go', role: 'language', pattern: new RegExp(`${contextual('Go')}|\\b[Gg]olang\\b|\\bGOLANG\\b`) },
  { label: 'Rust', role: 'language', pattern: new RegExp(`${contextual('[Rr]ust')}|\\bRust\\b`) },
  { label: 'Elixir', role: 'language', pattern: /\belixir\b/i },
  { label: 'Erlang', role: 'language', pattern: /\berlang\b/i },
  { label: 'Haskell', role: 'language', pattern: /\bhaskell\b/i },
  { label: 'OCaml', role: 'language', pattern: /\bocaml\b/i },
  { label: 'F#', role: 'language', pattern: /(?:^|[^a-z])f#/i },
  { label: 'Clojure', role: 'language', pattern: /\bclojure\b/i },
  { label: 'Dart', role: 'language', pattern: new RegExp(contextual('[Dd]art')) },
  { label: 'Perl', role: 'language', pattern: /\bperl\b/i },
  { label: 'Lua', role: 'language', pattern: /\blua\b/i },
  { label: 'R', role: 'language', pattern: new RegExp(contextual('R')) },
  { label: 'Julia', role: 'language', pattern: new RegExp(contextual('Julia')) },
  { label: 'MATLAB', role: 'language', pattern: /\bmatlab\b/i },
  { label: 'Solidity', role: 'language', pattern: /\bsolidity\b|\bsmart contracts?\b/i },
  { label: 'Zig', role: 'language', pattern: /\bzig\b/i },
  { label: 'COBOL', role: 'language', pattern: /\bcobol\b/i },
  { label: 'Fortran', role: 'language', pattern: /\bfortran\b/i },
  { label: 'Bash', role: 'language', pattern: new RegExp(`${contextual('[Bb]ash')}|\\bzsh\\b|\\b[Ss]hell [Ss]cripts?\\b`) },
  { label: 'PowerShell', role: 'language', pattern: /\bpowershell\b/i },
]

/** The request asks for JavaScript itself: another language it names is then what it is about, not what it is in. */
const NODE_TARGET = /\bnode(?:\.?js)?\b|\bjavascript\b|\btypescript\b|\bnpm\b|\bdeno\b|\bjs\b/i

/** Words just before a name that turn it down ('not in Python', 'instead of Java', 'from PHP'). */
const NEGATION = /\b(?:not|no|without|instead of|rather than|than|from|unlike|except|besides|migrat(?:e|ed|ing)|port(?:ed|ing)?|convert(?:ed|ing)?)\s+(?:\w+\s+){0,2}$/i

/** The kinds of project a request may name, longest first, as they are said back. */
const NOUNS: readonly (readonly [RegExp, string])[] = [
  [/\bcommand[- ]line (?:tool|app|application|utility|program|interface)\b/i, 'command-line tool'],
  [/\bcli\b/i, 'CLI'],
  [/\bweb ?app(?:lication)?\b/i, 'web app'],
  [/\brest(?:ful)? api\b/i, 'REST API'],
  [/\bapi\b/i, 'API'],
  [/\blibrary\b/i, 'library'],
  [/\bpackage\b/i, 'package'],
  [/\bmodule\b/i, 'module'],
  [/\bcrate\b/i, 'crate'],
  [/\bgem\b/i, 'gem'],
  [/\bsdk\b/i, 'SDK'],
  [/\bmicroservice\b/i, 'microservice'],
  [/\bbackend\b/i, 'backend'],
  [/\bwebsite\b|\bweb site\b/i, 'website'],
  [/\bapp\b/i, 'app'],
  [/\bapplication\b/i, 'application'],
  [/\bservice\b/i, 'service'],
  [/\bserver\b/i, 'server'],
  [/\bscript\b/i, 'script'],
  [/\bprogram\b/i, 'program'],
  [/\btool\b/i, 'tool'],
  [/\butility\b/i, 'utility'],
  [/\bbot\b/i, 'bot'],
  [/\bgame\b/i, 'game'],
  [/\bplugin\b/i, 'plugin'],
  [/\bextension\b/i, 'extension'],
]

/** 'an' before a vowel sound: 'an iOS app', 'an F# library', but 'a Unity game'. */
const article = (word: string): string => (/^[aeioAEIO]|^[FHLMNRSX](?:[#+]|$)/.test(word) ? 'an' : 'a')

/** The noun the request uses for what it wants, the first one it names. */
const nounOf = (request: string): string | undefined => {
  let best: { at: number; noun: string } | undefined
  for (const [pattern, noun] of NOUNS) {
    const match = pattern.exec(request)
    if (match && (!best || match.index < best.at)) best = { at: match.index, noun }
  }
  return best?.noun
}

/**
 * The language or platform a request asks for that the engine does not build ('a Python
 * library', 'an iOS app in Swift'), or undefined. `fallback` names the kind of project when the
 * request names none ('web app').
 */
export const unsupportedIn = (request: string, fallback: string): Unsupported | undefined => {
  const text = request.slice(0, 2000)
  if (NODE_TARGET.test(text)) return undefined
  const found: Entry[] = []
  for (const entry of ENTRIES) {
    const pattern = new RegExp(entry.pattern.source, `${entry.pattern.flags.replace('g', '')}g`)
    for (const match of text.matchAll(pattern)) {
      if (NEGATION.test(text.slice(Math.max(0, match.index - 30), match.index))) continue
      found.push(entry)
      break
    }
  }
  if (found.length === 0) return undefined
  const platform = found.find((entry) => entry.role !== 'language')
  const language = found.find((entry) => entry.role === 'language' && entry.label !== platform?.label)
  const first = platform ?? language
  if (!first) return undefined
  const noun = nounOf(text) ?? first.noun ?? fallback
  // A platform's own noun is part of its name ('a mobile app', not 'a mobile web app').
  const thing = `${first.label} ${platform?.noun && (noun === 'web app' || noun === 'application' || noun === 'website') ? platform.noun : noun}`
  const requested = `${article(first.label)} ${thing}${platform && language ? ` in ${language.label}` : ''}`
  return { platform: platform && language ? `${platform.label} (${language.label})` : first.label, requested }
}

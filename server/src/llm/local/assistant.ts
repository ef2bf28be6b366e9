import { conceptsOf, DocsSearch, isCode as isCodeTerm, stemOf, termOf, terms, words, wordsAsTyped, type Concept, type DocsHit } from '@contracts/docsSearch'
import { escapeRegExp } from '@contracts/text'
import THESAURUS from '@contracts/docsSearch/thesaurus.json'
import type { ChatMessage, ReplySource } from '../types'
import { Corrections, type Correction } from './corrections'
import { docsStamp, loadDocs, type Passage } from './docs'
import { offDocsTopic } from './scope'

type Hit = DocsHit<Passage>

/** What the assistant found for a conversation: a fixed reply, or the passages that answer it. */
export type Retrieval =
  | { kind: 'reply'; reply: keyof typeof LOCAL_REPLIES }
  | {
      kind: 'docs'
      best: Hit
      /** Other passages that may be quoted beside the best: those the answer does not quote are linked (compose). */
      secondary: Hit[]
      /** Other pages' best passages, linked under 'See also', not quoted. */
      related: Hit[]
      concepts: Concept[]
    }

/** The assistants made in this process, by the stamp of their docs (docsStamp): the same docs are indexed once. */
const INDEXED = new Map<string, Promise<LocalAssistant>>()

/** What the offline assistant says outside the docs. Tests and the docs quote these. */
export const LOCAL_REPLIES = {
  greeting:
    "Hello! I'm Overseer's offline assistant. Ask me anything about Overseer (how it works, its modules, how to get started) and I'll answer from the [documentation](/docs).",
  thanks: "You're welcome! If anything else comes up about Overseer, just ask, or browse the [documentation](/docs).",
  goodbye: 'Goodbye! Your conversations stay in your chat history if you want to pick one up again.',
  self:
    "I'm **Overseer's offline assistant** (`overseer-local`). I run inside this server and answer questions about Overseer from its documentation, with links to the pages I used; no external AI service sees your messages. I don't browse the web or know about topics outside the docs. For those, choose another model if one is listed, or [contact the team](/contact).",
  unknown:
    "I don't know the answer to that: I couldn't find it in the Overseer documentation, and as the offline assistant I only answer from those pages. You could browse [the documentation](/docs) or [contact the team](/contact).",
  pricing:
    "Prices, plans and billing aren't covered by the documentation I answer from. The plans and their prices are on the pricing pages of [the Intelligence Platform](/apps/intelligence-platform/pricing) and [Research Tools](/apps/research-tools/pricing), and [Reviews Compass](/apps/Reviews_Compass/trial) has a free trial; for anything else about buying or paying, [contact the team](/contact).",
  company:
    "Questions about the company itself (its people, jobs, offices or funding) aren't covered by the documentation I answer from. [About](/about), [Careers](/careers) and [Press](/press) say more, and [Contact](/contact) gives the headquarters' address.",
  legal:
    "Certifications, compliance, service levels and licensing aren't covered by the documentation I answer from. What is published is in the [Privacy Policy](/privacy), the [Terms of Service](/terms) and the [Data Processing](/data-processing) page; for anything else, [contact the team](/contact).",
  noDocs:
    "I can't answer that right now: the documentation I answer from isn't available on this server. Please try [the documentation pages](/docs) or [contact the team](/contact).",
} as const

const GREETING = /^(hi|hello|hey|hiya|howdy|greetings|yo|good (morning|afternoon|evening|day))( there| overseer| everyone| all)?$/
const GREETING_PREFIX = /^(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day))( there| overseer)?[,!.\s]+/
const THANKS = /^((many |great,? |ok,? |okay,? )?(thanks|thank you|thx|ty|cheers)( (so|very) much| a lot| again)?|much appreciated|that helps?|perfect,? thanks)$/
const GOODBYE = /^(bye|goodbye|see you|see ya|good night|farewell)( later| soon)?$/
const ABOUT_SELF =
  /\b(who|what) are you\b|\bare you (an? )?(ai|bot|robot|human|person|real|chat ?gpt|gpt|llm|language model|online|offline)\b|\b(which|what) (ai |language |llm )?model (are you|do you (use|run)|is (this|that|answering|behind (this|you|it))|am i (talking|chatting|speaking) (to|with)|powers (you|this)|runs (you|this (chat|assistant)))\b|\bare you (powered|running)\b|\btell me about yourself\b|\bintroduce yourself\b/
/** 'What is Overseer?', 'ok so what does this thing actually do, in a nutshell?': the introduction. */
const OVERVIEW =
  /^(?:(?:ok|okay|so|hi|hey|and|but)[,\s]+)*(?:what (?:is|'s) (?:overseer(?: labs)?|this (?:thing|tool|product|platform|app))|what (?:does|can) (?:overseer|this (?:thing|tool|product|platform|app)) (?:actually |really |even )?do)(?:[,\s]+(?:exactly|actually|really|basically|in a nutshell|in short|in a few words|in one sentence|in simple terms|for me|again))*$/
/** Words that point back at the previous question ("how do I configure it?"). */
const FOLLOW_UP = /\b(it|its|that|this|those|these|them|they|there)\b|^(and|also|what about|how about)\b/
/** 'Is there…', 'there are…': a 'there' that points at nothing said before. */
const EXISTENTIAL_THERE = /\b(?:is|are|was|were|isn't|aren't)\s+there\b|\bthere(?:'s|\s+(?:is|are|was|were)\b)/g

/**
 * The answer covers at least this share of the question's terms (idf-weighted), words the docs
 * never use included: a visitor's long question says much the docs do not ('oops', 'yesterday').
 */
const MIN_COVERAGE = 0.38
/** An answer needs at least this coverage, and MIN_COVERAGE when the question has a word the docs never use. */
const MIN_ANSWER_COVERAGE = 0.3
/**
 * 'Is there…?', 'Can I…?', 'Does it support…?' ask whether something exists: a passage that has
 * less than half of it does not say so.
 */
const MIN_EXISTENCE_COVERAGE = 0.5
/** Words before what such a question asks about: 'Is there *any way to* cancel…', 'Can I *still* …'. */
const FOCUS_SKIP = new Set(['also', 'still', 'actually', 'really', 'somehow', 'possible'])
/** Words that qualify what a question asks about ('a *dedicated* page for approvals'): not what it asks. */
const QUALIFIERS = new Set(['dedicated', 'separate', 'specific', 'single', 'proper', 'official', 'particular'])
const QUALIFIER_TERMS = new Set([...QUALIFIERS].map((word) => termOf(word)))
/** 'Is there a *simple way* to…': a way, and what qualifies it, come before what is asked about. */
const WAYS = new Set(['way', 'ways', 'option', 'options', 'means', 'method', 'setting'])
/** What may come before a question's opening ('so, is there…', 'quick question: can I…'). */
const LEAD_IN = String.raw`(?:(?:so|ok|okay|and|also|hey|hi|quick question)[,\s]+)?`
/** Verbs that only bring in what a question asks for ('Can I *turn on* two-factor…', 'how do I *enable* SSO'). */
const LIGHT_VERBS = new Set(['turn', 'switch', 'enable', 'activate', 'use', 'get', 'have', 'add', 'set', 'configure', 'support'])
/** 'Can I…', 'could we…': a verb follows, then what it acts on. */
const CAN_I = new RegExp(String.raw`^${LEAD_IN}(?:can|could) (?:i|we)\b`)
/** A light verb's particle ('turn *on*', 'set *up*'). */
const PARTICLES = new Set(['on', 'off', 'up'])
/** An adverb ('Can I *temporarily* disable…', '*programmatically*'): how, not what. */
const isAdverb = (word: string): boolean => word.length > 4 && word.endsWith('ly')
/** A word that can say what a question is about: not a stop word, a filler ('also') or an adverb. */
const saysWhat = (word: string): boolean => termOf(word) !== null && !FOCUS_SKIP.has(word) && !isAdverb(word)
const EXISTENCE = new RegExp(
  String.raw`^${LEAD_IN}(?:is there|are there|is it possible|can i|can we|can you|can it|can overseer|could i|does (?:it|overseer|the \w+(?: \w+)?) (?:support|have|offer|let)|do you (?:have|offer|support))\b`,
)
/** A length of time: '15 minutes', '900 s', '30 days', 'an hour', 'a few seconds'. */
const DURATION =
  /\b\d[\d,.]*\s*(?:-\s*)?(?:ms|milliseconds?|s|seconds?|minutes?|mins?|hours?|h|days?|weeks?|months?|years?)\b|\b(?:an?|one|two|three|four|five|six|seven|ten|twelve|thirty|few|several)\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b/i
/** A setting's name: `RATE_LIMIT_LOGIN_IP`. */
const SETTING_NAME = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/
/**
 * What kind of thing a question asks for, and how a passage that gives it says it: a 'how long'
 * question (asked, not reported: not 'I asked it how long…') is answered with a length of time,
 * a question for an environment variable with a setting's name.
 */
const ANSWER_KINDS: readonly { asks: RegExp; says: RegExp }[] = [
  { asks: /(?:^|[,.;:!?]\s*|\b(?:and|but|so|or)\s+)how long\b/, says: DURATION },
  { asks: /\b(?:environment variables?|env vars?|variables?)\b/, says: SETTING_NAME },
]
/** How much more a passage that says what kind of thing the question asks for scores ('how long': one with a length of time). */
const ANSWER_KIND_RANK = 1.25
/** About how long an answer is, before its sources: a few sentences, a short list or table. */
const ANSWER_BUDGET = 600
/** A command is quoted whole, up to this long. */
const CODE_MAX = 400
/** A table is quoted whole up to this long; a longer one keeps its header and the rows that answer. */
const TABLE_MAX = 900
/** The blocks an answer quotes at most (what a chosen sentence introduces aside). */
const MAX_ANSWER_BLOCKS = 2
/** A block after the first is quoted only when it says at least this share of what the first says. */
const SECOND_BLOCK_SHARE = 0.5
/** Room an answer must have left to quote another block. */
const MIN_ROOM = 150
/** What a sentence ending in a colon introduces gets at least this much room. */
const CONTINUATION_MIN = 400
/** How much more a block with a command or a setting says for a how-to question. */
const HOW_TO_BOOST = 1.5
/** How much more a sentence that introduces a command says for a how-to question ('…set with `APPROVAL_GATES`:' and the command). */
const HOW_TO_COMMAND = 3
/** 'How do I…', 'how to…', 'how can we…': a question answered by a step, a command or a setting. */
const HOW_TO = /^(?:(?:so|ok|okay|and|hi|hey)[,\s]+)?how (?:do|can|should|would) (?:i|we|you)\b|^how to\b/
/** How much more a passage that shows a command (a code block) scores for a how-to question. */
const HOW_TO_RANK = 1.1
/** A code block in a passage's Markdown. */
const SHOWS_COMMAND = /^\s*(?:```|~~~)/m
const MAX_SECONDARY = 2
/** The best passages whose references to other sections are followed (followReferences). */
const REFERRING = 3
/** A referring sentence says at least this share of the question (idf-weighted). */
const REFERENCE_SHARE = 0.3
/** How much a reference lifts the section it names: times the sentence's share, times the referring passage's score. */
const REFERENCE_WEIGHT = 0.5
/** A Markdown link's target: `](/docs/core-modules/devloop-matrix#the-sandbox)`. */
const LINK_TARGET = /\]\([^)]*\)/g
/** A Markdown link to a docs page, and its section: `](/docs/core-modules/devloop-matrix#the-sandbox)`. */
const DOCS_LINK = /\]\((\/docs\/[^)#\s]+)(?:#([^)\s]+))?\)/g
/** 'What's the difference between X and Y', 'is X different from Y': the question's form; X and Y are what it asks about. */
const COMPARISON = /\bdiff(?:erence|erences|er|ers)\s+between\b|\bdifferent\s+(?:from|than|to)\b|\bdiffer\s+from\b/
/** The two sides of 'the difference between X and Y' (up to the end of the clause, 'in…' or 'for…' left out). */
const COMPARED = /\bdiff(?:erence|erences)\s+between\s+(.+?)\s+and\s+(.+?)(?=\s+(?:in|for|when|if|on)\b|[?.!,;]|$)/
const COMPARING_TERMS = new Set(['difference', 'differences', 'different', 'differ'].map((word) => termOf(word)))
/** A passage that scores at least this share of the best is quoted beside it, or its page linked. */
const CLOSE_SCORE = 0.5
/** The pages an answer offers at most: quoted ones first, then linked ones. */
const MAX_PAGES = 3
/** The passages searched for an answer and its secondary passages (and a correction's links). */
const CANDIDATES = 16
/** The passages searched for the pages an answer links under 'See also'. */
const RELATED_CANDIDATES = 40
/**
 * A page the search found next is linked under 'See also' when its passage scores at least this
 * share of the best and says at least RELATED_COVERAGE of what an answer must: a reader whose
 * answer is on another page finds it one click away.
 */
const RELATED_SCORE = 0.3
const RELATED_COVERAGE = 0.5

/** Whether `text` writes one of `terms` (stems) as a name: capitalised, and not as its first word. */
const namesAny = (text: string, terms: ReadonlySet<string>): boolean => terms.size > 0 && namesIn(text, /\p{Lu}/u).some((term) => terms.has(term))

/** The stems of the words `text` writes as names (`name`: how one is written), not as its first word. */
const namesIn = (text: string, name: RegExp): string[] =>
  wordsAsTyped(text).filter((word, index) => index > 0 && name.test(word)).map((word) => stemOf(word.toLowerCase()))

/** Multiplies the score of the hits whose passage `shows` the pattern by `factor`, and sorts them again. */
const lift = (hits: Hit[], shows: RegExp, factor: number): void => {
  for (const hit of hits) if (shows.test(hit.passage.markdown)) hit.score *= factor
  hits.sort((a, b) => b.score - a.score)
}

/** Punctuation and spaces that end a message ('…?!'): not part of what it says. */
const TRAILING = /[!?.,;:…\s]/u

/**
 * A message as the rules read it: lower case, one kind of apostrophe, single spaces, without
 * punctuation at either end. The end is trimmed by a scan, not a `…+$` pattern, which takes
 * quadratic time on a long run of such characters that does not reach the end.
 */
const normalize = (text: string): string => {
  const lower = text.toLowerCase().replace(/[’']/g, "'")
  let end = lower.length
  while (end > 0 && TRAILING.test(lower.charAt(end - 1))) end -= 1
  return lower
    .slice(0, end)
    .replace(/^[!?.,;:\s]+/u, '')
    .replace(/\s+/g, ' ')
}

/** Markdown blocks of a passage: paragraphs, lists, tables and whole code fences. */
const blocksOf = (markdown: string): string[] => {
  const blocks: string[] = []
  let current: string[] = []
  let fence: string | undefined
  for (const line of markdown.split('\n')) {
    const mark = /^\s*(```|~~~)/.exec(line)?.[1]
    if (mark) fence = fence === undefined ? mark : fence === mark ? undefined : fence
    if (fence === undefined && !mark && line.trim() === '') {
      if (current.length > 0) blocks.push(current.join('\n'))
      current = []
      continue
    }
    current.push(line)
  }
  if (current.length > 0) blocks.push(current.join('\n'))
  return blocks
}

/** A passage that only lists links to other pages ('Related pages'): it points to answers, it is not one. */
const pointsElsewhere = (markdown: string): boolean => {
  const lines = markdown.split('\n').filter((line) => line.trim() !== '')
  return lines.length > 0 && lines.every((line) => /^\s*[-*+]\s+\[[^\]]+\]\(\/docs\//.test(line))
}

const isCode = (block: string): boolean => /^\s*(```|~~~)/.test(block)

const occurrences = (text: string, mark: string): number => text.split(mark).length - 1

/** Drops a cut-off link, or an unclosed bold or code mark, from the end of a shortened text. */
const closeMarkdown = (text: string): string => {
  let out = text
  const open = out.lastIndexOf('[')
  if (open >= 0 && !/\]\([^)]*\)/.test(out.slice(open))) out = out.slice(0, open)
  for (const mark of ['**', '`']) {
    if (occurrences(out, mark) % 2 === 1) out = out.slice(0, out.lastIndexOf(mark))
  }
  return out.trimEnd()
}

/** A list, a table or a command: quoted by rows and lines, not by sentences. */
const isStructured = (block: string): boolean => isCode(block) || /^\s*(?:\||[-*+] |\d+[.)] )/.test(block)

/**
 * Prose in its sentences: split after '.', '!' or '?' and a space, but not inside inline code
 * ('answer `429 Too many requests. Please try again…`' is one sentence).
 */
const sentencesIn = (prose: string): string[] => {
  const text = prose.trim()
  const sentences: string[] = []
  let start = 0
  let inCode = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index)
    // A backtick opens code only when another closes it: a stray one leaves the rest prose.
    if (char === '`') inCode = inCode ? false : text.includes('`', index + 1)
    else if (!inCode && /[.!?]/.test(char) && /\s/.test(text.charAt(index + 1))) {
      sentences.push(text.slice(start, index + 1))
      start = index + 1
      while (/\s/.test(text.charAt(start))) start += 1
      index = start - 1
    }
  }
  if (start < text.length || sentences.length === 0) sentences.push(text.slice(start))
  return sentences
}

/** The last sentence of a prose block ('…a comma-separated list of gate kinds:'). */
const lastSentence = (block: string): string => closeMarkdown(sentencesIn(block).at(-1) ?? '')

/** Prose without its last sentence (a sentence that introduces what cannot be quoted). */
const withoutLastSentence = (text: string): string => {
  return isStructured(text) ? '' : closeMarkdown(sentencesIn(text).slice(0, -1).join(' '))
}

const labelOf = (passage: Passage): string =>
  passage.heading && passage.heading !== passage.page.title ? `${passage.page.title} › ${passage.heading}` : passage.page.title

const linkOf = (passage: Passage): string => (passage.anchor ? `${passage.page.path}#${passage.anchor}` : passage.page.path)

/**
 * The offline engine (`overseer-local`): answers questions about Overseer from the Markdown docs,
 * quoting the best passages and linking the pages used; says plainly when it does not know.
 * Deterministic: the same question over the same docs gets the same answer.
 */
export class LocalAssistant {
  private readonly productTerms = new Set(terms('Overseer Overseer Labs'))
  /** Every passage's text in lower case, to tell whether the docs use a phrase. */
  private readonly docsText: string
  /** No corrections: the docs alone answer. */
  private readonly uncorrected: Corrections
  /** Passages that only list links to other pages (pointsElsewhere): never quoted or linked while another matches. */
  private readonly linkLists: ReadonlySet<Passage>
  /** Each page's words (stems): its title, headings and text. */
  private readonly pageTerms = new Map<string, Set<string>>()
  /** The words of the docs' titles and headings: the docs' own names, not someone else's. */
  private readonly labelTerms = new Set<string>()

  constructor(
    private readonly index: DocsSearch<Passage>,
    private readonly passages: readonly Passage[],
  ) {
    this.docsText = passages.map((passage) => passage.text.toLowerCase()).join('\n')
    this.uncorrected = new Corrections(index, [])
    this.linkLists = new Set(passages.filter((passage) => pointsElsewhere(passage.markdown)))
    for (const passage of passages) {
      const labels = terms(`${passage.page.title} ${passage.heading ?? ''}`)
      for (const term of labels) this.labelTerms.add(term)
      const page = this.pageTerms.get(passage.page.path) ?? new Set<string>()
      for (const term of [...labels, ...terms(passage.text)]) page.add(term)
      this.pageTerms.set(passage.page.path, page)
    }
  }

  /**
   * Whether `asAsked` writes a name ('Python', 'Kafka': capitalised, lower case after, not its
   * first word) that the docs use, but not on the page at `path`, and that is neither the product's
   * nor one of the docs' titles and headings.
   */
  private namesElsewhere(asAsked: string, path: string): boolean {
    const page = this.pageTerms.get(path)
    return namesIn(asAsked, /^\p{Lu}\p{Ll}/u).some((term) => this.index.has(term) && !this.productTerms.has(term) && !this.labelTerms.has(term) && !page?.has(term))
  }

  /** How the assistant over the docs in `dir` reads a question (`read`), for what stores questions. */
  static async readerOf(dir: string): Promise<(question: string) => string> {
    const assistant = await LocalAssistant.fromDirectory(dir)
    return (question) => assistant.read(question)
  }

  /** The assistant over the docs in `dir`. */
  static async fromDirectory(dir: string): Promise<LocalAssistant> {
    // Indexing takes most of a second: an app built again in the same process (tests build many)
    // uses the index of the same docs, unchanged since, once made.
    const stamp = await docsStamp(dir)
    let made = INDEXED.get(stamp)
    if (!made) {
      made = LocalAssistant.indexed(dir)
      INDEXED.set(stamp, made)
      made.catch(() => INDEXED.delete(stamp))
    }
    return made
  }

  private static async indexed(dir: string): Promise<LocalAssistant> {
    const { passages } = await loadDocs(dir)
    const assistant = new LocalAssistant(new DocsSearch(passages, THESAURUS), passages)
    // The first answer in a process compiles the engine's code: done once here, at start, rather
    // than in a visitor's first question (it took 20-25 ms of it).
    const first = passages[0]
    try {
      if (first) assistant.answer([{ role: 'user', content: `What is ${first.page.title}?` }])
    } catch {
      // Only a warm-up: a question that fails here fails as a visitor's, and is answered as one.
    }
    return assistant
  }

  /** Staff's corrections (the Questions page), read against these docs: pass them to `answer` and `retrieve`. */
  corrections(list: readonly Correction[]): Corrections {
    return new Corrections(this.index, list)
  }

  /** How many passages the docs gave (0 when the docs directory is missing or empty). */
  get passageCount(): number {
    return this.index.size
  }

  answer(messages: readonly ChatMessage[], corrections: Corrections = this.uncorrected): string {
    return this.respond(messages, corrections).text
  }

  /** The reply to the conversation's last message, and where it came from (for the Questions page). */
  respond(messages: readonly ChatMessage[], corrections: Corrections = this.uncorrected): { text: string; source: ReplySource } {
    return this.replyFrom(this.retrieve(messages, corrections), messages)
  }

  /** The reply to the conversation `messages` from what was found for it (`retrieve`), and its source. */
  replyFrom(found: Retrieval, messages: readonly ChatMessage[]): { text: string; source: ReplySource } {
    if (found.kind === 'reply') {
      const dontKnow = found.reply === 'unknown' || found.reply === 'noDocs'
      return { text: LOCAL_REPLIES[found.reply], source: dontKnow ? { kind: 'unknown' } : { kind: 'reply' } }
    }
    const question = normalize(messages.filter((message) => message.role === 'user').at(-1)?.content ?? '')
    const { text, source: passage } = this.compose(found.best, found.secondary, found.related, found.concepts, question)
    return { text, source: { kind: 'docs', path: passage.page.path, title: passage.page.title, anchor: passage.anchor, heading: passage.heading } }
  }

  /** `question` as the search reads it: lower case, each word misspelt by one slip of typing as the docs' word ('aproval' → 'approval'). */
  read(question: string): string {
    return this.index.corrected(normalize(question))
  }

  /** Every page's sections, in the docs' order (the introduction's anchor null): what a correction can point to. */
  sections(): { path: string; title: string; anchor: string | null; heading: string | null }[] {
    return this.passages.filter((passage) => passage.markdown).map((passage) => ({ path: passage.page.path, title: passage.page.title, anchor: passage.anchor, heading: passage.heading }))
  }

  /** What answers the conversation's last message: a fixed reply, or the docs passages, best first. */
  retrieve(messages: readonly ChatMessage[], corrections: Corrections = this.uncorrected): Retrieval {
    const userTurns = messages.filter((message) => message.role === 'user')
    const text = normalize(userTurns.at(-1)?.content ?? '')

    if (GREETING.test(text)) return { kind: 'reply', reply: 'greeting' }
    if (THANKS.test(text)) return { kind: 'reply', reply: 'thanks' }
    if (GOODBYE.test(text)) return { kind: 'reply', reply: 'goodbye' }
    if (ABOUT_SELF.test(text)) return { kind: 'reply', reply: 'self' }
    if (this.index.size === 0) return { kind: 'reply', reply: 'noDocs' }
    // Prices, the company, certifications: the site's own pages, unless the docs cover them too.
    const offDocs = offDocsTopic(text)
    if (offDocs && !this.docsSay(offDocs.matched)) return { kind: 'reply', reply: offDocs.topic }
    // The question with each word misspelt by one slip of typing read as the docs' word it was meant to be.
    const read = this.index.corrected(text)
    // A question staff corrected, or a close paraphrase of one: the section they chose, or 'I don't know'.
    // As asked, or as read ('aproval gates').
    const corrected = corrections.match(text.replace(GREETING_PREFIX, '')) ?? corrections.match(read.replace(GREETING_PREFIX, ''))
    if (corrected) {
      if (!corrected.answer) return { kind: 'reply', reply: 'unknown' }
      const answer = this.correctedAnswer(corrected.answer, this.queryFor(read, undefined))
      if (answer) return answer
    }
    return this.fromDocs(this.queryFor(read, userTurns.at(-2)?.content), userTurns.at(-1)?.content ?? '', read)
  }

  /**
   * The ideas of the question (`read`: normalised, its slips of typing read as the docs' words); a
   * follow-up ("and how do I turn it off?") also carries the `previous` question's, at half weight,
   * so that "it" finds what the conversation is about.
   */
  private queryFor(read: string, previous: string | undefined): Concept[] {
    const question = read.replace(GREETING_PREFIX, '')
    // A qualifier the docs never use says nothing of where the answer is.
    const comparison = COMPARISON.test(question)
    const query = conceptsOf(question).filter((concept) => !(QUALIFIER_TERMS.has(concept.term) && !this.index.knows(concept)) && !(comparison && COMPARING_TERMS.has(concept.term)))
    if (previous !== undefined && FOLLOW_UP.test(question.replace(EXISTENTIAL_THERE, ' '))) {
      const own = new Set(query.map((concept) => concept.term))
      for (const concept of conceptsOf(this.index.corrected(normalize(previous)), 0.5)) if (!own.has(concept.term)) query.push(concept)
    }
    return query
  }

  /** The passages most relevant to the conversation's last question (for grounding another model). */
  relevantPassages(messages: readonly ChatMessage[], limit = 3): Passage[] {
    const userTurns = messages.filter((message) => message.role === 'user')
    return this.index
      .search(this.queryFor(this.index.corrected(normalize(userTurns.at(-1)?.content ?? '')), userTurns.at(-2)?.content), { limit: limit * 2 })
      .filter((hit) => hit.coverage >= MIN_COVERAGE && hit.passage.markdown)
      .slice(0, limit)
      .map((hit) => hit.passage)
  }

  /** The docs' answer to `query`, the ideas of the question `asAsked` (and `question`, normalised). */
  private fromDocs(query: Concept[], asAsked: string, question: string): Retrieval {
    const unknown: Retrieval = { kind: 'reply', reply: 'unknown' }
    // Codes pasted with a question (an id, a hash) are not what it asks about.
    const asked = query.filter((concept) => concept.weight === 1 && !concept.hint && !(isCodeTerm(concept.term) && !this.index.knows(concept)))
    const known = asked.filter((concept) => this.index.knows(concept))
    const unknownTerms = new Set(asked.filter((concept) => !known.includes(concept)).map((concept) => concept.term))
    const unknownCount = asked.length - known.length
    const overview = OVERVIEW.test(question) ? this.introAnswer(known) : undefined
    if (overview) return overview
    if (known.length === 0) return unknown
    // Mostly words the docs never use: a question about something else.
    if (known.length / asked.length <= 0.5 && unknownCount >= 2) return unknown

    // A name the docs never mention ('Kubernetes', 'PayPal', 'CEO'), written as a name: not in the docs.
    if (namesAny(asAsked, unknownTerms)) return unknown

    if (unknownCount === 0 && known.every((concept) => this.productTerms.has(concept.term))) {
      const aboutTheProduct = this.introAnswer(known)
      if (aboutTheProduct) return aboutTheProduct
    }

    // 'Is there a dark mode…?', 'Can I schedule…?', 'How do I turn on two-factor…?': what it asks
    // for, first of all, is something the docs never mention.
    if (this.focusUnknown(question, query)) return unknown
    // 'The difference between let and const…': a comparison with a side the docs never mention.
    if (this.comparesUnknown(question)) return unknown
    // Coverage counts the words no page has too: a passage that matches only the familiar half
    // of a question about something else does not answer it.
    const needed = Math.max(unknownCount > 0 ? MIN_COVERAGE : MIN_ANSWER_COVERAGE, EXISTENCE.test(question) ? MIN_EXISTENCE_COVERAGE : 0)
    const found = this.index.search(query, { limit: RELATED_CANDIDATES })
    const hits = found.slice(0, CANDIDATES).filter((hit) => hit.coverage >= needed)
    // A how-to question is answered by a step, a command or a setting: a passage that shows a command ranks a little higher.
    if (HOW_TO.test(question)) lift(hits, SHOWS_COMMAND, HOW_TO_RANK)
    // A passage that says the kind of thing asked for ('how long…?': a length of time) ranks higher.
    const kind = ANSWER_KINDS.find((candidate) => candidate.asks.test(question))
    if (kind) lift(hits, kind.says, ANSWER_KIND_RANK)
    this.followReferences(hits, query)
    // A list of links to other pages is an answer only when nothing else is.
    const best = hits.find((hit) => this.quotable(hit)) ?? hits[0]
    if (!best) return unknown
    // A name the question writes that the docs use elsewhere, but not on the answer's page ('…a
    // linked list *in Python*'): the answer is about something else.
    if (this.namesElsewhere(asAsked, best.passage.page.path)) return unknown
    // 'How long are log entries kept?': a passage without any length of time does not answer it.
    if (kind && !kind.says.test(best.passage.markdown)) return unknown
    // 'Can I export *the agent log*…': a passage on doing it to something else does not answer.
    const acted = this.verbObject(question, query)
    if (acted && !best.matched.some((stem) => acted.alternatives.has(stem))) return unknown
    // Passages nearly as good are quoted beside it; then the other pages the search found next
    // are linked, not quoted: the reader who wanted another page finds it.
    const secondary = hits.filter((hit) => hit !== best && hit.score >= best.score * CLOSE_SCORE && this.quotable(hit)).slice(0, MAX_SECONDARY)
    const offered = new Set([best, ...secondary].map((hit) => hit.passage.page.path))
    const related: Hit[] = []
    const next = found.filter(
      (hit) => hit !== best && !secondary.includes(hit) && hit.score >= best.score * RELATED_SCORE && hit.coverage >= needed * RELATED_COVERAGE && this.quotable(hit),
    )
    // (Ranked again: a how-to's commands and the docs' references moved some.)
    next.sort((a, b) => b.score - a.score)
    for (const hit of next) {
      if (offered.size >= MAX_PAGES) break
      if (offered.has(hit.passage.page.path)) continue
      offered.add(hit.passage.page.path)
      related.push(hit)
    }
    return { kind: 'docs', best, secondary, related, concepts: query.filter((concept) => this.index.knows(concept)) }
  }

  /** Whether a passage can be quoted or linked as an answer: it has text, and is not only a list of links. */
  private quotable(hit: Hit): boolean {
    return hit.passage.markdown !== '' && !this.linkLists.has(hit.passage)
  }

  /**
   * The docs' own pointers: a sentence of one of the best few passages that says much of the
   * question and refers the reader to another page's section for it ('limits on time, CPU,
   * memory… (see [DevLoop Matrix](…#the-sandbox))') lifts that section, when the search found it
   * too, by REFERENCE_WEIGHT times the share of the question the sentence says. `hits` are re-sorted.
   */
  private followReferences(hits: Hit[], query: readonly Concept[]): void {
    const top = hits[0]?.score ?? 0
    if (hits.length < 2 || top <= 0) return
    const ideas = query.filter((concept) => !concept.hint)
    const whole = ideas.reduce((sum, concept) => sum + this.index.idf(concept.term) * concept.weight, 0)
    if (whole <= 0) return
    const lift = new Map<Hit, number>()
    for (const hit of hits.slice(0, REFERRING)) {
      for (const sentence of hit.passage.markdown.split(/(?<=[.!?])\s+|\n+/)) {
        // What the sentence says, not the words of the addresses it links to.
        const share = Math.min(1, this.said(sentence.replace(LINK_TARGET, ']'), ideas) / whole)
        if (share < REFERENCE_SHARE) continue
        for (const [, path, anchor] of sentence.matchAll(DOCS_LINK)) {
          if (path === hit.passage.page.path) continue
          // A link to a page without a section refers to its introduction.
          const target = hits.find((other) => other.passage.page.path === path && other.passage.anchor === (anchor ?? null))
          if (target) lift.set(target, Math.max(lift.get(target) ?? 0, REFERENCE_WEIGHT * share * hit.score))
        }
      }
    }
    if (lift.size === 0) return
    for (const [hit, extra] of lift) hit.score += extra
    hits.sort((a, b) => b.score - a.score)
  }

  /**
   * Whether what an 'Is there…?', 'Can I…?' question asks about first is something the docs never
   * mention: its first word after the opening and any article or pronoun ('dark' of 'Is there a
   * dark mode…', 'schedule' of 'Can I schedule…'). After a verb that only brings in what is asked
   * for ('Can I *turn on*…', and so 'How do I *enable*…' too), it is that verb's object. A word
   * written as part of a hyphenated compound ('two-factor') is that compound, which the docs
   * must write too.
   */
  private focusUnknown(question: string, query: readonly Concept[]): boolean {
    const existence = EXISTENCE.exec(question)
    const opening = existence ?? HOW_TO.exec(question)
    if (!opening) return false
    const after = question.slice(opening.index + opening[0].length)
    const rest = words(after)
    const light = rest.findIndex((word) => termOf(word) !== null)
    const object = light >= 0 && LIGHT_VERBS.has(rest[light] ?? '')
    // A how-to question is asked about what it does: only the object of a light verb says what it is about.
    if (!object && !existence) return false
    let from = object ? light + 1 : 0
    if (object && PARTICLES.has(rest[from] ?? '')) from += 1
    const index = rest.findIndex(
      (candidate, at) => at >= from && saysWhat(candidate) && !QUALIFIERS.has(candidate) && !WAYS.has(candidate) && !WAYS.has(rest[at + 1] ?? ''),
    )
    const word = rest[index]
    if (word === undefined) return false
    const compound = after.match(/\w+(?:-\w+)+/g)?.find((written) => written.split('-').includes(word))
    if (compound) return !this.docsSay(compound) && !this.docsSay(compound.replace(/-/g, ' '))
    const term = termOf(word)
    const focus = query.find((concept) => concept.weight === 1 && concept.term === term)
    return focus !== undefined && !this.index.knows(focus)
  }

  /** Whether a comparison ('the difference between X and Y') has a side none of whose words the docs use. */
  private comparesUnknown(question: string): boolean {
    const sides = COMPARED.exec(question)
    if (!sides) return false
    return [sides[1], sides[2]].some((side) => !conceptsOf(side ?? '').some((concept) => this.index.knows(concept)))
  }

  /** What a 'Can I…?' question's own verb acts on ('agent' of 'Can I export the agent log…'), as an idea of `query` the docs know. */
  private verbObject(question: string, query: readonly Concept[]): Concept | undefined {
    const opening = CAN_I.exec(question)
    if (!opening) return undefined
    const content = words(question.slice(opening.index + opening[0].length)).filter(saysWhat)
    const [verb, ...after] = content
    if (verb === undefined || LIGHT_VERBS.has(verb)) return undefined
    const object = after.find((word) => !QUALIFIERS.has(word) && !WAYS.has(word))
    if (object === undefined) return undefined
    const term = termOf(object)
    const concept = query.find((candidate) => candidate.weight === 1 && candidate.term === term)
    return concept && this.index.knows(concept) ? concept : undefined
  }

  /**
   * The answer staff chose for a question: the passage at `path` and `anchor` (the page's
   * introduction for none), quoted alone, with the search's best passages of other pages for the
   * question linked beside it. Undefined when the docs no longer have that passage: the docs answer
   * as they would.
   */
  private correctedAnswer(target: { path: string; anchor: string | null }, query: Concept[]): Retrieval | undefined {
    const passage = this.passages.find((candidate) => candidate.page.path === target.path && candidate.anchor === target.anchor)
    if (!passage) return undefined
    // Other pages, each by its best passage.
    const pages = new Set([passage.page.path])
    const related: Hit[] = []
    for (const hit of this.index.search(query, { limit: CANDIDATES })) {
      if (related.length >= MAX_PAGES - 1) break
      if (hit.coverage < MIN_ANSWER_COVERAGE || !this.quotable(hit) || pages.has(hit.passage.page.path)) continue
      pages.add(hit.passage.page.path)
      related.push(hit)
    }
    return { kind: 'docs', best: { passage, score: 1, coverage: 1, matched: [] }, secondary: [], related, concepts: query.filter((concept) => this.index.knows(concept)) }
  }

  /** Whether some passage uses `phrase` (lower case) as words of its own. */
  private docsSay(phrase: string): boolean {
    return new RegExp(`\\b${escapeRegExp(phrase)}\\b`).test(this.docsText)
  }

  /** The introduction as the answer, for a question about the product itself. */
  private introAnswer(concepts: Concept[]): Retrieval | undefined {
    const passage = this.introduction()
    return passage && { kind: 'docs', best: { passage, score: 1, coverage: 1, matched: [] }, secondary: [], related: [], concepts }
  }

  /** The docs' introduction: a page called Introduction or Overview, else the first page. */
  private introduction(): Passage | undefined {
    const intro = this.passages.filter((passage) => passage.heading === null && passage.markdown)
    return (
      intro.find((passage) => /\/introduction$|\/overview$/.test(passage.page.path)) ??
      intro.find((passage) => /introduction|overview|what is/i.test(passage.page.title)) ??
      intro[0]
    )
  }

  /** How much of the question `text` says: each idea by its best word there, weighted by its rarity. */
  private said(text: string, query: readonly Concept[]): number {
    const present = new Set(terms(text))
    let score = 0
    for (const concept of query) {
      let best = 0
      for (const [term, weight] of concept.alternatives) if (present.has(term)) best = Math.max(best, weight * this.index.idf(term))
      score += best * concept.weight
    }
    return score
  }

  /**
   * What of the passages answers the question, short: the block that says most of it (the best
   * passage's count fully, the others' by their score against it), cut to its sentences (or rows,
   * or lines) that do, with what a sentence ending in a colon introduces ('…a comma-separated
   * list:' and its command) and, room left, the next block that says most. Whole sentences, rows
   * and lines only, each passage's in the page's order.
   */
  private excerpt(hits: readonly Hit[], query: readonly Concept[], howTo: boolean): { text: string; quoted: readonly number[] } {
    const top = hits[0]?.score ?? 0
    const passages = hits.map((hit) => ({ blocks: blocksOf(hit.passage.markdown), weight: top > 0 ? Math.min(1, hit.score / top) : 1 }))
    const ranked = passages
      .flatMap(({ blocks, weight }, source) =>
        blocks.map((block, position) => ({
          source,
          position,
          // A how-to question is answered by the command or setting a block shows, above all by one it introduces.
          score: weight * (howTo ? this.howToScore(block, blocks[position + 1], query) : this.said(block, query)),
        })),
      )
      .sort((a, b) => b.score - a.score || a.source - b.source || a.position - b.position)
    const chosen = passages.map(() => new Map<number, string>())
    // The passages quoted, in their order; a how-to answer leads with the passage of its best block (the command, the setting).
    const order: number[] = []
    let used = 0
    let count = 0
    const take = (source: number, position: number, budget: number): void => {
      const blocks = passages[source]?.blocks ?? []
      const picked = chosen[source]
      const block = blocks[position]
      if (block === undefined || !picked || picked.has(position)) return
      let text = this.focus(block, query, budget)
      // A sentence ending in a colon brings what it introduces, or is left out: alone, it introduces nothing.
      const next = blocks[position + 1]
      const introduces = text.trimEnd().endsWith(':') && next !== undefined && !picked.has(position + 1)
      const continuation = introduces ? this.focus(next, query, Math.max(ANSWER_BUDGET - used - text.length, CONTINUATION_MIN)) : ''
      if (introduces && !continuation) text = withoutLastSentence(text)
      if (!text) return
      picked.set(position, text)
      if (!order.includes(source)) order.push(source)
      used += text.length
      count += 1
      if (continuation) {
        picked.set(position + 1, continuation)
        used += continuation.length
      }
      // A list, table or command brings the sentence before it that introduces it.
      const before = blocks[position - 1]
      if (isStructured(block) && before !== undefined && !picked.has(position - 1) && !isStructured(before)) {
        const intro = lastSentence(before)
        if (intro.endsWith(':')) {
          picked.set(position - 1, intro)
          used += intro.length
        }
      }
    }
    // The answer opens with the best passage, by its block that says most (or the first of its blocks
    // that can be quoted), unless a how-to question's command is elsewhere: a block of another
    // passage alone would answer from another page than the search's best.
    const most = ranked[0]?.score ?? 0
    let lead = most
    if (!howTo || most === 0) {
      for (const block of ranked) {
        if (block.source !== 0) continue
        take(0, block.position, ANSWER_BUDGET)
        if (count === 0) continue
        // A further block says at least half as much as this one; when this one says none of the question, as the block that says most.
        if (block.score > 0) lead = block.score
        break
      }
    }
    for (const { source, position, score } of ranked) {
      if (count >= MAX_ANSWER_BLOCKS || score === 0 || (count > 0 && ANSWER_BUDGET - used < MIN_ROOM)) break
      // A further block says nearly as much as the first, or the answer ends with the first.
      if (count > 0 && score < lead * SECOND_BLOCK_SHARE) break
      const block = passages[source]?.blocks[position] ?? ''
      if (count > 0 && isCode(block) && block.length > ANSWER_BUDGET - used) continue
      take(source, position, count === 0 ? ANSWER_BUDGET : ANSWER_BUDGET - used)
    }
    if (!howTo) order.sort((a, b) => a - b)
    const text = order
      .map((source) => chosen[source] ?? new Map<number, string>())
      .flatMap((picked) => [...picked.entries()].sort(([a], [b]) => a - b).map(([, text]) => text))
      .join('\n\n')
    return { text, quoted: order }
  }

  /**
   * What a block says for a how-to question: a sentence that introduces a command says, with the
   * command, most; a command or a setting more than prose.
   */
  private howToScore(block: string, next: string | undefined, query: readonly Concept[]): number {
    if (!isStructured(block) && next !== undefined && isCode(next) && lastSentence(block).endsWith(':')) return HOW_TO_COMMAND * this.said(`${block}\n${next}`, query)
    return this.said(block, query) * (isCode(block) || /`[^`]+`/.test(block) ? HOW_TO_BOOST : 1)
  }

  /**
   * A block cut to what answers the question within `budget`: prose to its best sentences (at
   * least one, whole), a list or table to its rows that say most (a table keeps its header), a
   * command whole or not at all.
   */
  private focus(block: string, query: readonly Concept[], budget: number): string {
    if (isCode(block)) return block.length <= Math.max(budget, CODE_MAX) ? block : ''
    // A small table is quoted whole: its rows answer together ('the three gates').
    if (block.length <= budget || (block.startsWith('|') && block.length <= TABLE_MAX)) return block
    if (isStructured(block)) {
      const lines = block.split('\n')
      const table = block.startsWith('|')
      const head = table ? lines.slice(0, 2) : []
      const rows = (table ? lines.slice(2) : lines).map((line, index) => ({ line, index, score: this.said(line, query) }))
      const kept = new Set<number>()
      let length = head.join('\n').length
      for (const row of [...rows].sort((a, b) => b.score - a.score || a.index - b.index)) {
        if (length + row.line.length + 1 > budget && kept.size > 0) break
        kept.add(row.index)
        length += row.line.length + 1
      }
      // A list item longer than the budget is cut to its sentences, as prose is.
      const shown = rows.filter((row) => kept.has(row.index)).map((row) => (!table && row.line.length > budget ? this.sentencesFor(row.line, query, budget) : row.line))
      return closeMarkdown([...head, ...shown].join('\n'))
    }
    return this.sentencesFor(block, query, budget)
  }

  /** Prose cut to its sentence that says most of the question, and those after it that fit `budget`. */
  private sentencesFor(block: string, query: readonly Concept[], budget: number): string {
    const sentences = sentencesIn(block).map((sentence) => sentence.trim()).filter(Boolean)
    let best = 0
    let bestScore = -1
    sentences.forEach((sentence, index) => {
      const score = this.said(sentence, query)
      if (score > bestScore) {
        best = index
        bestScore = score
      }
    })
    // The best sentence, then those after it while they fit (an answer reads on), else the one before.
    const kept = [best]
    let length = sentences[best]?.length ?? 0
    for (let index = best + 1; index < sentences.length; index += 1) {
      const next = sentences[index] ?? ''
      if (length + next.length + 1 > budget) break
      kept.push(index)
      length += next.length + 1
    }
    return closeMarkdown(kept.map((index) => sentences[index]).join(' '))
  }

  /** The reply, and the section it opens with (what the Questions page names as the one that answered). */
  private compose(best: Hit, secondary: readonly Hit[], related: readonly Hit[], query: readonly Concept[], question: string): { text: string; source: Passage } {
    const candidates = [best, ...secondary]
    const { text, quoted } = this.excerpt(candidates, query, HOW_TO.test(question))
    // Sources are the passages the answer quotes, in the order it quotes them; another page's
    // passage it does not quote is linked under See also, with the other pages, each once.
    const sources = quoted.flatMap((index) => candidates[index] ?? [])
    if (sources.length === 0) sources.push(best)
    const linked = new Set(sources.map((hit) => hit.passage.page.path))
    const others: Hit[] = []
    for (const hit of [...candidates, ...related]) {
      if (linked.has(hit.passage.page.path)) continue
      linked.add(hit.passage.page.path)
      others.push(hit)
    }
    const links = (hits: readonly Hit[]): string => hits.map((hit) => `- [${labelOf(hit.passage)}](${linkOf(hit.passage)})`).join('\n')
    const seeAlso = others.length > 0 ? `\n\nSee also:\n${links(others)}` : ''
    return { text: `${text || 'The page below has the details.'}\n\nSources:\n${links(sources)}${seeAlso}`, source: (sources[0] ?? best).passage }
  }
}

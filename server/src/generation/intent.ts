/**
 * Whether a message sent to the build endpoint really asks for software to be built. The client
 * sends any message with a build word ('build', 'create', 'make', 'develop', 'generate') here, so
 * 'How do I build…?' and 'What does the assembly agent create?' arrive too: those are questions,
 * answered as the assistant answers any question. With a model, the classification stage asks it
 * (modelStages: a kind, or `question`, strictly parsed); these rules are the fallback, and the
 * whole decision offline. In a conversation whose build delivered a project, followUpIntent decides
 * (the SPA and the chat endpoint send every message but a question there to the builder).
 */

export type Intent = 'build' | 'question'

/** In a conversation whose build delivered a project, the rule is another: a change, a new project, or a question. */
export { followUpIntent, type FollowUpIntent } from '@contracts/followUp'

/** Verbs that ask for software when they lead a sentence ('Build me…', 'Please create…'). */
const BUILD_VERBS =
  'build|create|make|develop|generate|write|code|implement|scaffold|set up|spin up|put together|design|whip up|knock up|knock together|throw together|hack together|cook up|mock up|code up'
/** Verbs that ask to change what was built ('add a publishers collection'): a follow-up build. */
const CHANGE_VERBS = 'add|change|update|remove|delete|rename|fix|extend|include|replace|refactor|improve|modify|adjust|edit|tweak|rewrite|convert|port|support|also add|now add'
/** Forms of the build words as they appear inside a request ('building', 'created'). */
const ANY_BUILD_WORD = /\b(build|builds|building|create|creates|creating|make|makes|making|develop|develops|developing|generate|generates|generating)\b/
/** What software is called: a request names one of these, or describes one. */
const SOFTWARE =
  /\b(app|apps|application|website|web ?site|site|page|landing page|dashboard|api|apis|backend|service|server|endpoint|cli|command[- ]line|tool|script|library|package|module|sdk|bot|game|tracker|manager|converter|generator|parser|counter|calculator|form|portal|platform|store|shop|blog|crud|program|project|plugin|extension|widget|component|function|todo|to-do)\b/

const POLITE_OPENER = '(?:(?:ok(?:ay)?|alright|great|now|so|also|and|then|next|please|pls|hey|hi|hello)[,!.]?\\s+)*'
/** What follows a build word used as a noun ('Build failed', 'build logs'): not an instruction. */
const NOT_AN_OBJECT = '(?!s?\\s+(?:fail|failed|fails|failing|is|was|were|are|has|had|took|takes|taking|process|pipeline|stage|stages|status|log|logs|time|times|error|errors|step|steps|history|number|id|output|progress|keeps|never|still|stuck|broke|broken|didn|doesn|won)\\b)'
const HELPED = '(?:help\\s+(?:me|us)\\s+(?:to\\s+)?)?'
/** 'Build a todo app', 'Please create…', 'Now make…', 'Let's build…', 'Help me build…'. */
const IMPERATIVE = new RegExp(`^${POLITE_OPENER}(?:let'?s\\s+|lets\\s+|help\\s+(?:me|us)\\s+(?:to\\s+)?|go\\s+(?:ahead\\s+and\\s+)?)?(?:${BUILD_VERBS}|${CHANGE_VERBS})\\b${NOT_AN_OBJECT}`)
/** 'Can you build…', 'Could you please make…', 'Would you help me create…', 'Would you be able to build…', 'Is it possible to generate…', 'How about making…'. */
const ASK_TO_BUILD = new RegExp(
  `^${POLITE_OPENER}(?:(?:can|could|would|will)\\s+(?:you|u)\\s+(?:please\\s+|pls\\s+|kindly\\s+)?(?:be\\s+able\\s+to\\s+)?${HELPED}|(?:can|could|may)\\s+(?:i|we)\\s+(?:get|have)\\s+(?:you\\s+to\\s+)?|(?:how|what)\\s+about\\s+|why\\s+don'?t\\s+you\\s+)(?:${BUILD_VERBS}|${CHANGE_VERBS}|building|creating|making|developing|generating|writing|coding|adding)\\b${NOT_AN_OBJECT}`,
)
/**
 * '…a page where customers can pre-order. Could you build that for us?': a later sentence that asks
 * for what was described, and only that ('Can you make it bigger?' asks something else).
 */
const ASK_FOR_IT = new RegExp(
  `^${POLITE_OPENER}(?:(?:can|could|would|will)\\s+(?:you|u)\\s+(?:please\\s+|pls\\s+|kindly\\s+)?${HELPED})?(?:${BUILD_VERBS})\\s+(?:(?:me|us)\\s+)?(?:it|that|this|one|them|something like (?:that|this))(?:\\s+(?:for\\s+(?:me|us)|please|now|real|happen))*[\\s.!?]*$`,
)
/** 'Is it possible to create a landing page…': a request when it names something new to make (not 'make the gates optional'). */
const POSSIBLE_TO_BUILD = new RegExp(`^(?:is|would)\\s+it\\s+(?:be\\s+)?possible\\s+(?:for\\s+you\\s+)?to\\s+(?:${BUILD_VERBS})\\s+(?:me\\s+|us\\s+)?(?:an?|some|my|our)\\b`)
/** 'Can I get a todo app?', 'Could we have an API for…': asking for software by name. */
const ASK_FOR_SOFTWARE = /^(?:can|could|may)\s+(?:i|we)\s+(?:get|have)\s+(?:an?|the|my|our|some)\b/
/** 'I need…', 'I want you to build…', 'We'd like…', 'I'm looking for…', 'Give me…'. */
const WANT = /^(?:(?:ok(?:ay)?|so|now|hi|hello|hey)[,!.]?\s+)*(?:i|we)\s*(?:'d|would)?\s*(?:really\s+)?(?:need|want|would like|'d like|like|am looking for|'m looking for|are looking for|'re looking for|require)\b|^(?:give|get)\s+(?:me|us)\b/
/** 'I want to know…', 'I need to understand…': a want that is a question. */
const WANT_TO_KNOW = /^(?:i|we)\s*(?:'d|would)?\s*(?:need|want|would like|'d like|like)\s+(?:to\s+)?(?:know|understand|learn|ask|find out|see|check|read)\b/
/** 'I'm curious how…', 'I was wondering whether…', 'Just wondering…': a question put as a statement. */
const WONDER = /^(?:(?:i'?m|i am|we'?re|we are)\s+(?:just\s+|really\s+|a bit\s+)?(?:curious|wondering)|(?:i|we)\s+(?:was\s+|were\s+)?wonder(?:ing|ed)?|(?:just\s+)?(?:curious|wondering))\b/
/** '…wondering if you could build me…': the wonder that asks for something to be made. */
const WONDER_IF_YOU_COULD = new RegExp(`\\b(?:if|whether)\\s+(?:you|u)\\s+(?:could|can|would|might)\\s+(?:please\\s+)?${HELPED}(?:${BUILD_VERBS})\\b${NOT_AN_OBJECT}`)
/** Words that open a question. */
const QUESTION_OPENER =
  /^(?:how|what|what's|whats|why|when|where|who|whom|whose|which|is|are|was|were|does|do|did|has|have|had|should|shall|may|might|must|can|could|would|will|am|isn't|aren't|doesn't|don't|didn't|won't|can't|couldn't|wouldn't|explain|tell me|describe)\b/
/** A message that talks about the conversation or earlier work, not a new request. */
const REMARK =
  /^(?:i|we)\s+(?:made|created|built|developed|generated|just|already|think|thought|guess|see|saw|noticed|meant|mean|used|tried|ran|got|clicked|typed|followed|installed|deployed|asked|started|opened|enabled|approved|denied|upgraded|restarted|reloaded)\b|^(?:sorry|thanks|thank you|oops|never ?mind|ok|okay|cool|nice|great)\b/

/** Where a description qualifies what it names ('an app *that*…', 'a page *where*…'). */
const QUALIFIER = /\b(?:that|which|where|who|whose|with|for|to)\b/
/** A verb that makes a sentence a statement about something that exists ('the dashboard *is* slow'). */
const STATEMENT =
  /\b(?:is|are|was|were|has|have|had|keeps|kept|looks|seems|shows|showed|isn't|aren't|wasn't|doesn't|don't|didn't|won't|can't|takes|took|fails|failed|crashes|crashed|breaks|broke|stops|stopped|hangs|hung|works|worked|runs|ran)\b/

const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    // Line breaks end sentences too.
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim()

/** The keyword rules: a request to build something, or a question or remark that mentions building. */
export const intentByRules = (message: string): Intent => {
  const text = normalise(message)
  // The first sentence says what the message is; what follows may be details.
  const [first = text, ...later] = text.split(/(?<=[.!?])\s+|\n/).map((sentence) => sentence.trim())
  if (ASK_TO_BUILD.test(first) || ASK_TO_BUILD.test(text)) return 'build'
  if ((ASK_FOR_SOFTWARE.test(first) || POSSIBLE_TO_BUILD.test(first)) && SOFTWARE.test(first)) return 'build'
  if (IMPERATIVE.test(first)) return 'build'
  if (WANT_TO_KNOW.test(first)) return 'question'
  if (WONDER.test(first)) return WONDER_IF_YOU_COULD.test(first) ? 'build' : 'question'
  if (WANT.test(first)) return SOFTWARE.test(text) || ANY_BUILD_WORD.test(text) ? 'build' : 'question'
  if (REMARK.test(first)) return 'question'
  if (QUESTION_OPENER.test(first) || first.endsWith('?')) return 'question'
  // A description of what is wanted, then the ask.
  if (SOFTWARE.test(text) && later.some((sentence) => ASK_FOR_IT.test(sentence))) return 'build'
  // A description of a product ('A REST API for a bookstore, please make it quick'); of one
  // named as known ('The app for our bakery…'), not a statement about it ('The dashboard is slow').
  if (/^(?:an?|one)\b/.test(first) && SOFTWARE.test(first)) return 'build'
  if (/^(?:the|my|our)\b/.test(first) && SOFTWARE.test(first) && !STATEMENT.test(first.split(QUALIFIER)[0] ?? first)) return 'build'
  // A build word used as a verb on something to make ('… and generate a landing page for it').
  if (new RegExp(`\\b(?:${BUILD_VERBS})\\s+(?:me\\s+|us\\s+)?(?:an?|the|my|our|some|this|that)\\b[^.?!]*${SOFTWARE.source}`).test(text)) return 'build'
  return 'question'
}

/** A model's one-word answer, without quotes, bold or a full stop, in lower case. */
const oneWord = (answer: string): string =>
  answer
    .trim()
    .replace(/^[`"'*]+|[`"'*.]+$/g, '')
    .trim()
    .toLowerCase()

/** The classifying model's answer, strictly: `question` (optionally quoted or with a full stop) is a question; anything else is not. */
export const parseIntent = (answer: string): 'question' | undefined => {
  const word = oneWord(answer)
  return word === 'question' ? word : undefined
}

/** The model's answer for a follow-up, strictly: `change` or `question`; anything else is undefined. */
export const parseFollowUpIntent = (answer: string): 'change' | 'question' | undefined => {
  const word = oneWord(answer)
  return word === 'change' || word === 'question' ? word : undefined
}

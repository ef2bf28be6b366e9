/**
 * What a message means in a conversation whose earlier build delivered a project: a `change` to
 * that project (built as a follow-up, continuing it), a request for a `new` project (built from
 * scratch, the delivered one left as it is), or a `question` (answered, nothing built). One rule
 * for both sides: the SPA sends all but questions to the build endpoint, the chat endpoint hands
 * them on to the builder, and the builder continues the delivered project only for a change.
 *
 * The rule, sentence by sentence (the first sentence that asks for something decides):
 * - A question stays a question: it opens with a question word or ends with '?' ('What does the
 *   loans route return?', 'how do I run it'), asks to be told or shown ('explain…', 'show me…',
 *   'I want to know…'), or is a remark ('thanks!', 'I ran npm test'). Unless it asks for something
 *   to be done: 'can you add a search?', 'could we have…', 'how about adding…', 'why don't you…'.
 * - A new project: it asks for a piece of software of its own, introduced as new ('Create a REST
 *   API for a library…', 'I need a landing page for my bakery', 'A CLI that…', 'another app',
 *   'a new project', 'from scratch', 'something different'), and does not refer to the delivered
 *   one ('it', 'the app', 'this project', 'my API', 'for it', 'existing'): 'build a frontend for
 *   it' and 'make it a command-line tool' change it.
 * - A change: any other request: a verb that does something to it ('add…', 'rename…', 'remove…',
 *   'make the title red', 'give it…', 'let users…'), a continuation ('also…', 'now with…', 'plus…',
 *   'with…', 'instead…'), a wish for it ('it should…', 'books need an ISBN', 'I'd like dark mode',
 *   'dark mode please'), or, when nothing in the message is a question, a defect to fix ('the
 *   button is too small', 'the search doesn't work').
 * What asks for nothing is a question: it costs a reply, where a build it did not ask for costs
 * the project's next version.
 */
export type FollowUpIntent = 'change' | 'new' | 'question'

/** Verbs that make or write software: with a new project as their object, they start one. */
const BUILD_VERBS = 'build|create|make|develop|generate|write|code|implement|scaffold|set ?up|spin up|put together|design|prototype'
/** Verbs that do something to a project: as a request, they change it. */
const CHANGE_VERBS = [
  'add', 'change', 'update', 'remove', 'delete', 'drop', 'rename', 'fix', 'extend', 'include', 'replace', 'refactor', 'improve',
  'modify', 'adjust', 'edit', 'tweak', 'rewrite', 'convert', 'port', 'support', 'switch', 'move', 'split', 'merge', 'swap', 'turn',
  'put', 'let', 'allow', 'enable', 'disable', 'hide', 'show', 'use', 'give', 'set', 'increase', 'decrease', 'reduce', 'raise', 'lower',
  'limit', 'cap', 'paginate', 'sort', 'order', 'filter', 'validate', 'translate', 'locali[sz]e', 'style', 'restyle', 'redesign',
  'rework', 'clean', 'wire', 'hook', 'connect', 'integrate', 'persist', 'store', 'save', 'cache', 'log', 'document', 'bump',
  'upgrade', 'downgrade', 'migrate', 'expose', 'return', 'accept', 'require', 'protect', 'secure', 'insert', 'append', 'prepend',
  'cent(?:er|re)', 'align', 'resize', 'shorten', 'lengthen', 'simplify', 'optimi[sz]e', 'speed', 'colou?r', 'paint', 'highlight',
  'bold', 'sync', 'send', 'email', 'notify', 'export', 'import', 'handle', 'count', 'track', 'display', 'introduce', 'attach',
  'embed', 'wrap', 'format', 'reformat', 'capitali[sz]e', 'sanitize', 'escape', 'debounce', 'throttle', 'retry', 'remember',
  'keep', 'preserve', 'mark', 'flag', 'group', 'nest', 'separate', 'combine', 'apply', 'restrict', 'block', 'permit', 'link',
  'redirect', 'serve', 'bundle', 'rearrange', 'reorder', 'relabel', 'reword', 'shrink', 'enlarge', 'widen', 'narrow', 'darken',
  'lighten', 'animate', 'default', 'prefill', 'autofocus', 'seed', 'populate', 'extract', 'inline', 'get rid of',
  'do away with', 'take out', 'swap out', 'plug in', 'make sure', 'go with', 'stick with',
].join('|')
/** A request's leading verb, as a change or a build: the verb, then what follows it. */
const LEADING_VERB = new RegExp(`^(${BUILD_VERBS}|${CHANGE_VERBS})\\b\\s*(.*)$`)
const BUILD_VERB = new RegExp(`^(?:${BUILD_VERBS})$`)

/** What a piece of software of its own is called (not a part of one: a page, an endpoint, an admin dashboard). */
const PROJECT =
  "(?:apps?|applications?|web ?apps?|web ?sites?|sites?|landing pages?|web ?pages?|home ?pages?|apis?|backends?|back ends?|services?|microservices?|servers?|clis?|command[- ]line(?: tools?| apps?| programs?| utility)?|tools?|scripts?|librar(?:y|ies)|packages?|sdks?|bots?|chatbots?|games?|portals?|platforms?|stores?|shops?|blogs?|programs?|projects?|plugins?|extensions?|utilit(?:y|ies)|trackers?|managers?|calculators?|converters?|generators?|parsers?|(?<!admin )dashboards?|frontends?|front ends?|spas?|systems?|clones?|prototypes?|mvps?|portfolios?|wikis?|forums?|marketplaces?|shorteners?|planners?|organi[sz]ers?|quizz?(?:es)?|boards?|crawlers?|scrapers?|daemons?)"
/** Something introduced as new: 'a REST API', 'an app', 'another tool', 'one more website'. */
const INTRODUCED =
  "(?:(?:me|us)\\s+)?(?:a|an|another|one more|some|new|a new|a second|a separate|a different|a fresh|a brand[- ]new)\\s+(?:(?!(?:for|that|which|where|with|to|in|on|of|from|who|and|the|it)\\b)[\\w'+#.-]+\\s+){0,4}?"
const NEW_PROJECT = new RegExp(`^${INTRODUCED}${PROJECT}\\b`)
/** Words that say the project is another one. */
const EXPLICITLY_NEW =
  /\b(?:new|separate|different|fresh|another|second|brand[- ]new|unrelated)\s+(?:[\w-]+\s+)?(?:project|one|thing|idea)\b|\bfrom scratch\b|\bstart(?:ing)? (?:over|again|fresh|afresh|anew)\b|\bsomething (?:else|different|new|unrelated)\b|\bnew conversation\b/
/** What names the delivered project: 'it', 'the app', 'this project', 'my API', 'for it', 'the existing one'. */
const REFERS =
  /\b(?:for|to|into|in|of|from|with|on|onto|inside|around|using|behind|alongside|atop|over)\s+(?:it|this|that|them)\b|\b(?:the|this|that|my|our|your|same|existing|current)\s+(?:[\w-]+\s+){0,2}?(?:app|application|project|api|site|website|web app|cli|tool|code|codebase|backend|frontend|server|ui|repo|program|service|build|one|version|game|bot|script)\b|\bexisting\b|\bthe same\b|\bversion of\b|\b(?:it|this|that)\s+(?:as|into)\b/
/** Words that open a sentence without saying what it is: 'ok,', 'great!', 'thanks,', 'so', 'please'. */
const OPENER =
  /^(?:(?:ok(?:ay)?|alright|all right|great|perfect|awesome|nice|cool|good|excellent|lovely|wow|thanks|thank you|thx|ty|looks good|well|hey|hi|hello|so|then|next|please|pls|right|yes|yeah|yep|sure|hmm+|oh|no|nope|actually)\b[,!.:;-]*\s*)+/
/** Words that say the message goes on from the delivered project: 'also', 'now', 'and', 'plus', 'but'. */
const CONTINUES = /^(?:(?:also|now|and|plus|but|additionally|as well|in addition|furthermore|moreover|one more thing|another thing|lastly|finally)\b[,!.:;-]*\s*)+/
/** A continuation that is itself the request: 'with dark mode', 'instead of a list, a grid', 'same but blue'. */
const CONTINUATION = /^(?:with|without|instead|except|same but|but with|along with|as well as|together with)\b/
/** A request made politely: 'can you …', 'could we have …', 'would you mind …', 'how about …', 'why don't you …'. */
const POLITE_ASK =
  /^(?:(?:would|do) you mind|(?:can|could|would|will|won't|wouldn't|can't|couldn't)\s+(?:you|u|ya)(?:\s+(?:please|pls|kindly|maybe|perhaps|also|now|just|quickly|possibly))*(?:\s+(?:be able to|help (?:me|us)(?: to)?|go ahead and))?|(?:can|could|may|shall)\s+we\s+(?:(?:please|also|now|maybe)\s+)*(?=get\b|have\b|add\b|make\b|change\b|include\b)|(?:can|could|may)\s+i\s+(?:(?:please|also|now|maybe)\s+)*(?=get\b|have\b)|(?:is|would) it (?:be )?possible (?:for you )?to|any chance (?:you could|of)|(?:how|what) about|why (?:not|don't you|dont you)|let'?s|lets|go ahead and|i'?d like you to|i would like you to|i want you to|i need you to|we need you to|i'?d love (?:it )?if you(?: could)?|feel free to|try to)\b\s*/
/** Asked of the assistant: to be told or shown something. */
const INFO_VERB =
  /^(?:explain|describe|tell|show me|show us|let (?:me|us) (?:see|know|check|look|try|understand|read|ask)|walk me|walk us|help me understand|summari[sz]e|list|clarify|compare|review|check|run|remind|teach|guide|point me|what|how|why|where|which|who|whom|whose|when)\b/
/** Words that open a question. */
const QUESTION_OPENER =
  /^(?:how|what|what's|whats|why|when|where|who|whom|whose|which|is|are|was|were|does|do|did|has|have|had|should|shall|may|might|must|can|could|would|will|am|isn't|aren't|doesn't|don't|didn't|won't|can't|couldn't|wouldn't|shouldn't|hasn't|haven't)\b/
/** Openers of a question that also open an imperative: 'do the same for authors', 'have it email me'. */
const IMPERATIVE_OPENER = /^(?:do (?:the same|that|this|it|so)\b|have (?:it|the|each|every|them|all)\b)/
/** 'I want to know…', 'I'm curious…', 'just wondering…': a question put as a statement. */
const WANTS_TO_KNOW =
  /^(?:(?:i|we)\s*(?:'d|would|do)?\s*(?:just\s+|really\s+)?(?:need|want|would like|'d like|like)\s+(?:to\s+)?(?:know|understand|learn|ask|find out|see|check|read|try|run|test|deploy|download|install|use|start|open)\b|(?:i'?m|i am|we'?re|we are)\s+(?:just\s+|really\s+|a bit\s+)?(?:curious|wondering|confused|not sure|unsure)|(?:i|we)\s+(?:was\s+|were\s+)?wonder(?:ing|ed)?|(?:just\s+)?(?:curious|wondering)|(?:i|we)\s+(?:don'?t|do not)\s+(?:understand|get|know|see))\b/
/** '…wondering if you could add…': the wonder that asks for something to be done. */
const WONDER_IF_YOU_COULD = /\b(?:if|whether)\s+(?:you|u)\s+(?:could|can|would|might)\s+(?:please\s+|also\s+)*(.*)$/
/** 'I want…', 'we need…', 'I'd like…', 'give me…': a wish, for the project or for a new one. */
const WANT =
  /^(?:(?:i|we)\s*(?:'d|would|do)?\s*(?:really\s+|also\s+|now\s+|still\s+|just\s+)*(?:need|want|would like|'d like|am looking for|'m looking for|are looking for|'re looking for|require|prefer|wish|would love|'d love)|(?:give|get|send|bring)\s+(?:me|us)|gimme)\b\s*(.*)$/
/** A remark about the conversation or the user's own doing, not a request. */
const REMARK =
  /^(?:(?:i|we)\s+(?:made|just|already|think|thought|guess|see|saw|noticed|meant|mean|used|tried|ran|got|clicked|typed|followed|installed|deployed|downloaded|opened|unzipped|started|like|love|hate|agree|understand|know|will|'ll)\b|(?:sorry|oops|never ?mind|nvm|got it|understood|makes sense|noted|fine|bye|goodbye|cheers|that'?s|it'?s|this is|that is)\b)/
/** A wish for the project put as what it should be or have: 'it should…', 'books need an ISBN', 'it would be nice to…'. */
const WISH =
  /\b(?:should|must|ought to|needs?(?: to)?|has to|have to|(?:would|'d) be (?:nice|great|better|good|cool|awesome|helpful|useful)|could (?:also|use)|is supposed to|are supposed to|i'?d (?:also )?like|i want|we want)\b/
/** What the user does, not the project: 'I should run…', 'do I need to…'. */
const OWN_DOING = /^(?:i|we|you)\s+(?:should|must|need|have to|ought)\b/
/** A defect to fix: 'the title is too small', 'the search doesn't work', 'it crashes on save'. */
const DEFECT =
  /\b(?:is|are|looks?|seems?|feels?)\s+(?:way\s+|much\s+)?(?:too|so|very|really|a bit|kinda|kind of|quite)\s+\w+|\b(?:is|are)\s+(?:broken|wrong|missing|off|ugly|buggy|not (?:working|shown|showing|visible|saved|saving|loading|centered|centred|aligned|right|correct|sorted))\b|\b(?:doesn'?t|does not|don'?t|do not|can'?t|cannot|won'?t|isn'?t|aren'?t)\s+(?:work|load|save|show|render|compile|start|run|pass|validate|display|persist|sort|update|scroll|respond)\b|\b(?:crash(?:es|ed)?|throws?|errors? out|fails?|failed|is failing|are failing)\b/

const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\S\n]+/g, ' ')
    .trim()

/** The message's sentences, each without its closing punctuation's trailing space; '?' is kept. */
const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+|\n+|;\s+|,?\s+(?=but\s)/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '')

/** `rest` (what follows a build verb, or a wish) names a new project and the sentence does not name the delivered one. */
const namesNewProject = (rest: string, sentence: string): boolean =>
  (NEW_PROJECT.test(rest) || EXPLICITLY_NEW.test(sentence)) && !REFERS.test(sentence.replace(EXPLICITLY_NEW, ''))

/** A request whose words follow its verb (`verb`, then `rest`): a new project, or a change. */
const requestOf = (verb: string, rest: string, sentence: string): 'change' | 'new' => (BUILD_VERB.test(verb) && namesNewProject(rest, sentence) ? 'new' : 'change')

/**
 * What `ask` asks for: a verb's request, or what is to be added ('a search bar'); with `loose` (a
 * polite ask or a continuation) also a bare wish ('dark mode', 'adding a filter'). Undefined when
 * it asks for nothing.
 */
const askedFor = (ask: string, sentence: string, loose: boolean): 'change' | 'new' | undefined => {
  const led = LEADING_VERB.exec(ask)
  if (led) {
    const [, verb = '', rest = ''] = led
    // 'show me the README', 'give me the command': to be shown, not a change.
    if (/^(?:show|give|send|tell)$/.test(verb) && /^(?:me|us)\b/.test(rest) && !NEW_PROJECT.test(rest)) return undefined
    return requestOf(verb, rest, sentence)
  }
  if (CONTINUATION.test(ask)) return 'change'
  if (NEW_PROJECT.test(ask) || EXPLICITLY_NEW.test(ask)) return namesNewProject(ask, sentence) ? 'new' : 'change'
  if (/^(?:an?|some|more|another|one more|extra)\b/.test(ask)) return 'change'
  if (loose && !/^(?:the|this|that|these|those|it|its|my|our|your)\b/.test(ask) && (/^\w+ing\b/.test(ask) || /^[\w-]+(?:\s+[\w-]+){0,3}$/.test(ask))) return 'change'
  return undefined
}

/** A wish or a build word somewhere in the sentence whose object is a new project: 'for my shop I need a website'. */
const NEW_LATER = new RegExp(`\\b(?:${BUILD_VERBS}|need|want|would like|'d like|looking for|require)\\s+(?=(.*)$)`, 'g')

/** What one sentence asks for; undefined when it asks for nothing. `defects`: a defect it states is to be fixed. */
const sentenceIntent = (raw: string, defects: boolean): 'change' | 'new' | undefined => {
  const asked = raw.endsWith('?')
  let sentence = raw.replace(/[.!?,;:\s]+$/, '').replace(OPENER, '')
  const continued = CONTINUES.test(sentence)
  sentence = sentence.replace(CONTINUES, '').replace(OPENER, '')
  if (sentence === '') return undefined

  const polite = POLITE_ASK.exec(sentence)
  if (polite) {
    const ask = sentence.slice(polite[0].length).replace(/^(?:(?:please|also|just|maybe|get|have|see)\s+)+/, '')
    return INFO_VERB.test(ask) ? undefined : askedFor(ask, sentence, true)
  }
  if (IMPERATIVE_OPENER.test(sentence) && !asked) return 'change'
  if (WANTS_TO_KNOW.test(sentence)) {
    const wonder = WONDER_IF_YOU_COULD.exec(sentence)
    return wonder ? askedFor(wonder[1] ?? '', sentence, true) : undefined
  }
  if (QUESTION_OPENER.test(sentence) || INFO_VERB.test(sentence)) return undefined
  const wanted = WANT.exec(sentence)
  if (wanted) {
    const object = (wanted[1] ?? '').replace(/^to\s+(?:have|be able to|get|see)\s+/, '').replace(/^to\s+/, '')
    // 'I need a REST API for…' is a new project; 'I want the header sticky', 'I'd like it to…', 'we need pagination' change it.
    return namesNewProject(object, sentence) ? 'new' : 'change'
  }
  if (REMARK.test(sentence)) return WISH.test(sentence) && !asked ? 'change' : undefined
  const ask = askedFor(sentence, sentence, continued)
  if (ask && (!asked || LEADING_VERB.test(sentence) || continued)) return ask
  if (asked) return undefined
  if (continued) return 'change'
  if ([...sentence.matchAll(NEW_LATER)].some(([, object = '']) => namesNewProject(object, sentence))) return 'new'
  if (WISH.test(sentence) && !OWN_DOING.test(sentence)) return 'change'
  if (defects && DEFECT.test(sentence)) return 'change'
  // 'Dark mode please', 'a search bar on the list too'.
  if (/^[\w-]+(?:\s+[\w-]+){0,5}\s+(?:please|pls|too|as well|also|instead)$/.test(sentence)) return 'change'
  return undefined
}

/** What `message` asks of a conversation whose earlier build delivered a project (see the rule above). */
export const followUpIntent = (message: string): FollowUpIntent => {
  const sentences = sentencesOf(normalise(message))
  // A message that asks something is not a bug report: 'The tests fail. Why?' wants an answer.
  const defects = !sentences.some((sentence) => sentence.endsWith('?'))
  for (const sentence of sentences) {
    const intent = sentenceIntent(sentence, defects)
    if (intent) return intent
  }
  return 'question'
}

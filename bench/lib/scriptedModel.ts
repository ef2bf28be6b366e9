/**
 * A model for the bench, played in this process: a provider whose development loop takes six
 * iterations to get 'a library of string helpers' right, so a build records what a real model's
 * build of six iterations does (model calls, files read and written with their diffs, failing test
 * runs with their output, a finish). Nothing here is ever asked over the network.
 */
import type { ChatProvider, Completion, CompletionRequest, ToolCall, ToolChatMessage, ToolCompletion, ToolCompletionRequest } from '../../server/src/llm/types'

export const SCRIPTED_MODEL = 'bench-scripted-model'

/** The request the script builds: a library, as the classification below answers. */
export const SCRIPTED_REQUEST = 'create a library of string helpers'

/** Test runs the script makes: the first five each leave one test failing, the sixth passes. */
export const SCRIPTED_ITERATIONS = 6

interface Helper {
  name: string
  doc: string
  /** The right body, and (for all but the last) the wrong one the model writes first. */
  right: string
  wrong?: string
  behaviour: string
  asserts: string[]
}

/** One helper an iteration: iteration k adds helper k (wrong, but for the last) and fixes helper k-1. */
const HELPERS: Helper[] = [
  {
    name: 'capitalize',
    doc: 'The text with its first letter in upper case.',
    right: "(text) => text.charAt(0).toUpperCase() + text.slice(1)",
    wrong: "(text) => text.charAt(0).toUpperCase() + text",
    behaviour: 'upper-cases the first letter only',
    asserts: ["assert.equal(capitalize('hello'), 'Hello')", "assert.equal(capitalize(''), '')"],
  },
  {
    name: 'reverse',
    doc: 'The text backwards, by code point.',
    right: "(text) => [...text].reverse().join('')",
    wrong: "(text) => text.split('').reverse().join(' ')",
    behaviour: 'reverses the characters',
    asserts: ["assert.equal(reverse('abc'), 'cba')", "assert.equal(reverse(''), '')"],
  },
  {
    name: 'slugify',
    doc: 'The text as a URL slug: lower case, words joined by hyphens.',
    right: "(text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')",
    wrong: "(text) => text.trim().replace(/[^a-z0-9]+/g, '-')",
    behaviour: 'makes a lower-case slug without edge hyphens',
    asserts: ["assert.equal(slugify('Hello, World!'), 'hello-world')", "assert.equal(slugify('  Many   spaces '), 'many-spaces')"],
  },
  {
    name: 'truncate',
    doc: 'The text cut to at most `length` characters, an ellipsis marking the cut.',
    right: '(text, length) => (text.length <= length ? text : `${text.slice(0, length - 1)}…`)',
    wrong: '(text, length) => (text.length < length ? text : `${text.slice(0, length)}…`)',
    behaviour: 'cuts long text to the length, ellipsis included',
    asserts: ["assert.equal(truncate('abcdef', 4), 'abc…')", "assert.equal(truncate('abcd', 4), 'abcd')"],
  },
  {
    name: 'countWords',
    doc: 'How many words the text holds (runs of non-space characters).',
    right: '(text) => (text.match(/\\S+/g) ?? []).length',
    wrong: "(text) => text.split(' ').length",
    behaviour: 'counts words whatever the spacing',
    asserts: ["assert.equal(countWords('one two  three'), 3)", "assert.equal(countWords(''), 0)"],
  },
  {
    name: 'camelCase',
    doc: 'The words of the text joined in camelCase.',
    right: '(text) => text.toLowerCase().replace(/[^a-z0-9]+(.)/g, (_, letter) => letter.toUpperCase())',
    behaviour: 'joins words in camelCase',
    asserts: ["assert.equal(camelCase('hello world'), 'helloWorld')", "assert.equal(camelCase('Build-a_timeline'), 'buildATimeline')"],
  },
]

/** src/strings.js as the model writes it in `iteration` (1-based): its helpers so far, the newest one wrong until the last. */
const stringsFile = (iteration: number): string => {
  const helpers = HELPERS.slice(0, iteration)
  const body = helpers
    .map((helper, index) => {
      const wrong = index === iteration - 1 && iteration < SCRIPTED_ITERATIONS ? helper.wrong : undefined
      return `/** ${helper.doc} */\nconst ${helper.name} = ${wrong ?? helper.right}`
    })
    .join('\n\n')
  return `'use strict'\n\n${body}\n\nmodule.exports = { ${helpers.map((helper) => helper.name).join(', ')} }\n`
}

const stringsTest = (iteration: number): string => {
  const helpers = HELPERS.slice(0, iteration)
  const tests = helpers.map((helper) => `test('${helper.name} ${helper.behaviour}', () => {\n${helper.asserts.map((line) => `  ${line}`).join('\n')}\n})`).join('\n\n')
  return `'use strict'\n\nconst test = require('node:test')\nconst assert = require('node:assert/strict')\nconst { ${helpers.map((helper) => helper.name).join(', ')} } = require('../src/strings')\n\n${tests}\n`
}

const README_SECTION = `\n## String helpers\n\n${HELPERS.map((helper) => `- \`${helper.name}\`: ${helper.doc}`).join('\n')} (\`src/strings.js\`, tested in \`test/strings.test.js\`)\n`

/** Model turns per iteration: a look at the files, the writes, the test run. */
const TURNS_PER_ITERATION = 3

const call = (turn: number, index: number, name: string, args: Record<string, string> = {}): ToolCall => ({
  id: `call_${turn}_${index}`,
  name,
  arguments: JSON.stringify(args),
})

/** What a tool call of an earlier turn answered (the file a read_file returned). */
const resultOf = (messages: readonly ToolChatMessage[], id: string): string => {
  const found = messages.find((message) => message.role === 'tool' && message.toolCallId === id)
  return found?.content ?? ''
}

/** The script's answer to the model's `turn`-th call (0-based) of the development loop. */
const developmentTurn = (turn: number, messages: readonly ToolChatMessage[]): ToolCall[] => {
  const iteration = Math.min(SCRIPTED_ITERATIONS, Math.floor(turn / TURNS_PER_ITERATION) + 1)
  const step = Math.min(TURNS_PER_ITERATION - 1, turn - (iteration - 1) * TURNS_PER_ITERATION)
  if (step === 0) {
    if (iteration === 1) return [call(turn, 0, 'list_files'), call(turn, 1, 'read_file', { path: 'src/index.js' }), call(turn, 2, 'read_file', { path: 'test/index.test.js' })]
    const reads = [call(turn, 0, 'read_file', { path: 'src/strings.js' })]
    return iteration === SCRIPTED_ITERATIONS ? [...reads, call(turn, 1, 'read_file', { path: 'README.md' })] : reads
  }
  if (step === 1) {
    const writes = [call(turn, 0, 'write_file', { path: 'src/strings.js', content: stringsFile(iteration) }), call(turn, 1, 'write_file', { path: 'test/strings.test.js', content: stringsTest(iteration) })]
    if (iteration < SCRIPTED_ITERATIONS) return writes
    // The README read in this iteration's first turn, with a section on the helpers.
    const readme = resultOf(messages, `call_${turn - 1}_1`)
    return [...writes, call(turn, 2, 'write_file', { path: 'README.md', content: `${readme.trimEnd()}\n${README_SECTION}` })]
  }
  // The last iteration ends with finish: the loop runs the tests of the untested changes, which pass.
  if (iteration === SCRIPTED_ITERATIONS) return [call(turn, 0, 'finish', { summary: `A library of ${HELPERS.length} string helpers (${HELPERS.map((helper) => helper.name).join(', ')}), each tested.` })]
  return [call(turn, 0, 'run_tests')]
}

/** A conversation's size in tokens, roughly: what a provider would report as the prompt. */
const tokensOf = (messages: readonly ToolChatMessage[]): number =>
  Math.round(messages.reduce((sum, message) => sum + message.content.length + (message.role === 'assistant' ? (message.toolCalls ?? []).reduce((calls, toolCall) => calls + toolCall.arguments.length, 0) : 0), 0) / 4)

/** The provider: it classifies the request as a library, writes short planning notes, and plays the script in development. */
export const scriptedModel = (): ChatProvider => ({
  id: 'bench-scripted',
  models: () => Promise.resolve({ [SCRIPTED_MODEL]: { description: 'A scripted model of the bench', costPer1kTokens: null, capabilities: ['tools'], provider: 'bench', source: 'openai-compatible' } }),
  complete: (request: CompletionRequest): Promise<Completion> => {
    const content = request.system?.startsWith('You classify requests') ? 'library' : '- Assumes plain strings in and out\n- Unicode-aware where it matters (reverse by code point)\n- No dependencies'
    const prompt = [{ role: 'system' as const, content: request.system ?? '' }, ...request.messages]
    return Promise.resolve({ content, stopped: false, prompt, usage: { promptTokens: Math.round(prompt.reduce((sum, message) => sum + message.content.length, 0) / 4), completionTokens: Math.round(content.length / 4) } })
  },
  completeWithTools: (request: ToolCompletionRequest): Promise<ToolCompletion> => {
    const turn = request.messages.filter((message) => message.role === 'assistant').length
    const toolCalls = developmentTurn(turn, request.messages)
    return Promise.resolve({
      content: '',
      toolCalls,
      finishReason: 'tool_calls',
      stopped: false,
      usage: { promptTokens: tokensOf(request.messages) + 900, completionTokens: Math.round(toolCalls.reduce((sum, toolCall) => sum + toolCall.arguments.length, 0) / 4) + 12 },
    })
  },
})

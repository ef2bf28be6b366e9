import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  compactHistory,
  MAX_CALLS_PER_ITERATION,
  parseToolCall,
  runDevLoop,
  testResultText,
  type DevLoopOptions,
  type IterationRecord,
} from '../../src/devloop'
import type { BuildEventDetail } from '@contracts/buildEvents'
import { parseTestOutput } from '../../src/sandbox/testReport'
import { Workspace } from '../../src/sandbox/workspace'
import { TEMPLATES } from '../../src/generation/templates'
import { OpenAiProvider, PROVIDER_MESSAGES } from '../../src/llm/providers/openai'
import { ToolCallAssembler } from '../../src/llm/providers/toolCalls'
import { ProviderError, type ToolChatMessage } from '../../src/llm/types'
import type { TestReport } from '../../src/sandbox/types'
import { SETUP_TIMEOUT_MS } from '../helper'
import { FakeLlm, json, jsonToolCalls, status, streamed, streamedToolCalls, type FakeHandler, type FakeToolCall, type FakeUsage } from '../support/fakeLlm'
import { unsandboxedRunTests } from '../support/unsandboxedTests'

const REQUEST = 'Build a small library with a function sum(a, b) that adds two numbers'
const SPEC = { kind: 'library' as const, slug: 'sum-library', title: 'Sum Library', request: REQUEST }

const BROKEN_SUM = "'use strict'\n\n/** Adds two numbers. */\nconst sum = (a, b) => a - b\n\nmodule.exports = { sum }\n"
const FIXED_SUM = "'use strict'\n\n/** Adds two numbers. */\nconst sum = (a, b) => a + b\n\nmodule.exports = { sum }\n"
const SUM_TEST = `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { sum } = require('../src/sum')

test('sum adds two numbers', () => {
  assert.equal(sum(2, 3), 5)
})
`

const write = (filePath: string, content: string): FakeToolCall => ({ name: 'write_file', arguments: { path: filePath, content } })
const call = (name: string, args: FakeToolCall['arguments'] = {}): FakeToolCall => ({ name, arguments: args })
const usage = (prompt: number, completion: number): FakeUsage => ({ prompt_tokens: prompt, completion_tokens: completion })

interface SentBody {
  model: string
  stream: boolean
  stream_options?: unknown
  tool_choice: string
  max_tokens: number
  tools: { type: string; function: { name: string } }[]
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[] }[]
}

describe('the development loop with an OpenAI-compatible model', () => {
  let fake: FakeLlm
  let provider: OpenAiProvider
  const cleanup: string[] = []

  beforeAll(async () => {
    fake = await FakeLlm.start()
    provider = new OpenAiProvider({ baseUrl: fake.baseUrl, apiKey: 'sk-test', models: undefined, timeoutMs: 5_000, providerName: 'Fake AI', backoffMs: 10 })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await fake.close()
    await Promise.all(cleanup.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  beforeEach(() => {
    fake.reset()
    fake.fallback = status(500, {}, '{"error":{"message":"the script has no more answers"}}')
  })

  const libraryWorkspace = async (): Promise<Workspace> => {
    const workspace = await Workspace.create(TEMPLATES.library.files(SPEC))
    cleanup.push(workspace.root)
    return workspace
  }

  const sent = (index: number): SentBody => fake.completions[index]?.body as SentBody

  /** Runs the loop with the library template, the unsandboxed runner, and the records and progress kept. */
  const loop = async (overrides: Partial<DevLoopOptions> = {}) => {
    const workspace = overrides.workspace ?? (await libraryWorkspace())
    const records: IterationRecord[] = []
    const progress: [number, number, number][] = []
    const logs: string[] = []
    const result = await runDevLoop({
      client: provider,
      model: 'fake-small',
      request: REQUEST,
      kind: 'library',
      workspace,
      runTests: (dir, signal) => unsandboxedRunTests(dir, signal),
      signal: new AbortController().signal,
      onIteration: (record) => {
        records.push(record)
      },
      onProgress: (iteration, max, report) => {
        progress.push([iteration, max, report.failed])
      },
      log: (level, message) => {
        logs.push(`${level} ${message}`)
      },
      ...overrides,
    })
    return { result, workspace, records, progress, logs }
  }

  /** The model that writes a broken sum, sees it fail, fixes it and finishes: streamed or JSON answers. */
  const fixingModel = (answer: typeof streamedToolCalls | typeof jsonToolCalls, usages: boolean): FakeHandler[] => {
    const used = (prompt: number, completion: number) => (usages ? { usage: usage(prompt, completion) } : {})
    return [
      answer([call('list_files')], used(900, 10)),
      answer([write('src/sum.js', BROKEN_SUM), write('test/sum.test.js', SUM_TEST)], { ...used(1_000, 200), ...(answer === streamedToolCalls && { interleave: true }) }),
      answer([call('run_tests')], used(1_300, 5)),
      answer([call('read_file', { path: 'src/sum.js' }), write('src/sum.js', FIXED_SUM)], used(2_000, 90)),
      answer([call('run_tests')], used(2_200, 5)),
      answer([call('finish', { summary: 'Added sum(a, b), which adds two numbers, with its test.' })], used(2_400, 20)),
    ]
  }

  it('(a) writes a failing implementation, sees the failure, fixes it and finishes: passed, two iterations with their counts and tokens', async () => {
    fake.enqueue(...fixingModel(streamedToolCalls, true))
    const { result, workspace, records, progress } = await loop()

    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished', summary: 'Added sum(a, b), which adds two numbers, with its test.' })
    expect(result.message).toMatch(/^The tests pass \(4 tests passing\) after 2 iterations\.$/)
    expect(await readFile(path.join(workspace.root, 'src/sum.js'), 'utf8')).toBe(FIXED_SUM)
    expect((await workspace.snapshot()).find((file) => file.path === 'src/sum.js')?.content).toBe(FIXED_SUM)
    expect((await unsandboxedRunTests(workspace.root)).ok).toBe(true)

    expect(records).toHaveLength(2)
    expect(records[0]).toMatchObject({
      number: 1,
      ranBy: 'run_tests',
      filesChanged: ['src/sum.js', 'test/sum.test.js'],
      passed: 3,
      failed: 1,
      failing: ['sum adds two numbers'],
      ok: false,
      promptTokens: 900 + 1_000 + 1_300,
      completionTokens: 10 + 200 + 5,
      tokensReported: true,
      modelCalls: 3,
    })
    expect(records[0]?.output).toContain('not ok')
    expect(records[0]?.output.length).toBeLessThanOrEqual(4_000)
    expect(records[1]).toMatchObject({
      number: 2,
      ranBy: 'run_tests',
      filesChanged: ['src/sum.js'],
      passed: 4,
      failed: 0,
      failing: [],
      ok: true,
      promptTokens: 2_000 + 2_200,
      completionTokens: 90 + 5,
      modelCalls: 2,
    })
    expect(result.iterations).toEqual(records)
    expect(result.usage).toEqual({ promptTokens: 9_800, completionTokens: 330, modelCalls: 6 })
    expect(result.lastReport).toMatchObject({ passed: 4, failed: 0, ok: true })
    expect(progress).toEqual([
      [1, 6, 1],
      [2, 6, 0],
    ])

    // What the model was sent: the tools, the rules, the request and the files, then each result as a tool message.
    expect(fake.completions).toHaveLength(6)
    const first = sent(0)
    expect(first).toMatchObject({ model: 'fake-small', stream: true, stream_options: { include_usage: true }, tool_choice: 'auto' })
    expect(first.tools.map((tool) => [tool.type, tool.function.name])).toEqual(
      ['list_files', 'read_file', 'write_file', 'delete_file', 'run_tests', 'finish'].map((name) => ['function', name]),
    )
    expect(first.max_tokens).toBe(8_192)
    expect(first.messages.map((message) => message.role)).toEqual(['system', 'user'])
    expect(first.messages[0]?.content).toMatch(/No dependencies/)
    expect(first.messages[0]?.content).toMatch(/node --test/)
    expect(first.messages[0]?.content).toMatch(/library/)
    expect(first.messages[1]?.content).toContain(REQUEST)
    expect(first.messages[1]?.content).toContain('src/index.js\ntest/index.test.js')

    const second = sent(1).messages
    expect(second.slice(2).map((message) => message.role)).toEqual(['assistant', 'tool'])
    const listCall = second[2]?.tool_calls?.[0]
    expect(listCall).toMatchObject({ type: 'function', function: { name: 'list_files', arguments: '{}' } })
    expect(second[3]).toEqual({ role: 'tool', tool_call_id: listCall?.id, content: '.gitignore\nREADME.md\nindex.d.ts\npackage.json\nsrc/index.js\ntest/index.test.js' })

    const fourth = sent(3).messages
    const runCall = fourth[fourth.length - 2]?.tool_calls?.[0]
    const runResult = fourth[fourth.length - 1]
    expect(runResult?.tool_call_id).toBe(runCall?.id)
    const parsed = JSON.parse(runResult?.content ?? '') as { passed: number; failed: number; output: string }
    expect(parsed).toMatchObject({ passed: 3, failed: 1 })
    expect(parsed.output).toContain('sum adds two numbers')
    expect(Object.keys(parsed)).toEqual(['passed', 'failed', 'output'])
    // The two parallel writes went back as two tool messages, each naming its call.
    const writes = fourth.find((message) => message.tool_calls?.length === 2)
    expect(writes?.tool_calls?.map((item) => item.function.name)).toEqual(['write_file', 'write_file'])
    expect(fourth.filter((message) => message.role === 'tool' && message.content === 'ok').map((message) => message.tool_call_id)).toEqual(
      writes?.tool_calls?.map((item) => item.id),
    )
    // read_file returned the broken code.
    expect(sent(4).messages.some((message) => message.role === 'tool' && message.content === BROKEN_SUM)).toBe(true)
  })

  it('reports each model call, tool call and test run as a step of the timeline, in order', async () => {
    fake.enqueue(...fixingModel(streamedToolCalls, true))
    const steps: { detail: BuildEventDetail; durationMs: number | undefined }[] = []
    await loop({ onStep: async (detail, durationMs) => void steps.push({ detail, durationMs }) })

    expect(steps.map((step) => step.detail.type)).toEqual([
      'model_call',
      'files_listed',
      'model_call',
      'file_written',
      'file_written',
      'model_call',
      'tests_run',
      'model_call',
      'file_read',
      'file_written',
      'model_call',
      'tests_run',
      'model_call',
      'finished',
    ])
    expect(steps[0]).toMatchObject({ detail: { type: 'model_call', model: 'fake-small', promptTokens: 900, completionTokens: 10 } })
    expect(steps[0]?.durationMs).toBeGreaterThanOrEqual(0)
    expect(steps[1]?.detail).toEqual({ type: 'files_listed', count: 6 })
    // A new file: all of it added; a change: the line before and after.
    expect(steps[3]?.detail).toMatchObject({ type: 'file_written', path: 'src/sum.js', by: 'model', bytes: BROKEN_SUM.length })
    expect(steps[3]?.detail.type === 'file_written' && steps[3].detail.diff).toMatch(/^@@ -0,0 \+1,6 @@\n\+'use strict'/)
    const fix = steps[9]?.detail
    expect(fix?.type === 'file_written' && fix.diff).toContain("-const sum = (a, b) => a - b\n+const sum = (a, b) => a + b")
    expect(steps[6]).toMatchObject({ detail: { type: 'tests_run', passed: 3, failed: 1, failing: ['sum adds two numbers'] } })
    expect(steps[6]?.durationMs).toBeGreaterThan(0)
    expect(steps.at(-1)?.detail).toEqual({ type: 'finished', summary: 'Added sum(a, b), which adds two numbers, with its test.' })
  })

  it('(f) reads JSON answers (no stream) exactly as streamed ones, and counts the tokens itself when none are reported', async () => {
    fake.enqueue(...fixingModel(jsonToolCalls, false))
    const { result, workspace, records } = await loop({ stream: false })
    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished' })
    expect(await readFile(path.join(workspace.root, 'src/sum.js'), 'utf8')).toBe(FIXED_SUM)
    expect(records.map((record) => [record.ranBy, record.filesChanged, record.passed, record.failed, record.modelCalls, record.tokensReported])).toEqual([
      ['run_tests', ['src/sum.js', 'test/sum.test.js'], 3, 1, 3, false],
      ['run_tests', ['src/sum.js'], 4, 0, 2, false],
    ])
    // Counted with the tokenizer: the prompts hold the system prompt, the tools and the files written.
    expect(records[0]?.promptTokens).toBeGreaterThan(1_000)
    expect(records[0]?.completionTokens).toBeGreaterThan(100)
    expect(sent(0).stream).toBe(false)
    expect(sent(0).stream_options).toBeUndefined()
  })

  it('(b) a model that never fixes its code spends the iteration budget and fails, naming the failing test', async () => {
    fake.enqueue(
      streamedToolCalls([write('src/sum.js', BROKEN_SUM), write('test/sum.test.js', SUM_TEST)], { usage: usage(100, 50) }),
      streamedToolCalls([call('run_tests')], { usage: usage(100, 5) }),
      streamedToolCalls([write('src/sum.js', BROKEN_SUM.replace('a - b', 'a * b'))], { usage: usage(100, 50) }),
      streamedToolCalls([call('run_tests')], { usage: usage(100, 5) }),
      streamedToolCalls([call('run_tests')], { usage: usage(100, 5) }),
    )
    const { result, records, progress } = await loop({ maxIterations: 3 })
    expect(result).toMatchObject({ outcome: 'failed', reason: 'iterations', summary: '' })
    expect(result.message).toBe('The iteration budget (3 test runs) is spent: 1 test failing: sum adds two numbers.')
    expect(records.map((record) => [record.number, record.failed, record.filesChanged])).toEqual([
      [1, 1, ['src/sum.js', 'test/sum.test.js']],
      [2, 1, ['src/sum.js']],
      [3, 1, []],
    ])
    expect(progress.map(([iteration, max]) => `${iteration}/${max}`)).toEqual(['1/3', '2/3', '3/3'])
    // No model call after the last run.
    expect(fake.completions).toHaveLength(5)
  })

  it('(b) ends at the token budget, testing the changes made since the last run', async () => {
    fake.enqueue(
      streamedToolCalls([write('src/sum.js', BROKEN_SUM)], { usage: usage(4_000, 100) }),
      streamedToolCalls([write('test/sum.test.js', SUM_TEST)], { usage: usage(4_100, 100) }),
    )
    const { result, records } = await loop({ maxTokens: 6_000 })
    expect(result).toMatchObject({ outcome: 'failed', reason: 'tokens' })
    expect(result.message).toBe('The token budget (6000 tokens) is spent: 1 test failing: sum adds two numbers.')
    expect(fake.completions).toHaveLength(2)
    // The second call may only use what is left.
    expect(sent(1).max_tokens).toBe(6_000 - 4_100)
    expect(records).toEqual([expect.objectContaining({ number: 1, ranBy: 'loop', filesChanged: ['src/sum.js', 'test/sum.test.js'], failed: 1, promptTokens: 8_100 })])
  })

  it('(c) answers every attempt to get out of the project with an error, and writes nothing outside it', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'overseer-outside-'))
    cleanup.push(outside)
    await writeFile(path.join(outside, 'secret.txt'), 'do not read me')
    const workspace = await libraryWorkspace()
    await symlink(outside, path.join(workspace.root, 'linked'))
    await symlink(path.join(outside, 'secret.txt'), path.join(workspace.root, 'secret.txt'))
    const packageJson = await readFile(path.join(workspace.root, 'package.json'), 'utf8')

    const attempts: FakeToolCall[] = [
      write('../escaped.txt', 'x'),
      write(path.join(outside, 'absolute.txt'), 'x'),
      write('/etc/overseer-escape', 'x'),
      write('linked/through-link.txt', 'x'),
      write('secret.txt', 'overwritten'),
      call('read_file', { path: 'linked/secret.txt' }),
      call('read_file', { path: 'secret.txt' }),
      call('delete_file', { path: 'linked/secret.txt' }),
      write('src/../../escaped.txt', 'x'),
      write('src\\..\\..\\escaped.txt', 'x'),
      write('node_modules/left-pad/index.js', 'x'),
      write('package.json', JSON.stringify({ name: 'sum-library', scripts: { test: 'node --test' }, dependencies: { express: '^4.0.0' } })),
      write('package.json', JSON.stringify({ name: 'sum-library', devDependencies: { jest: '^29' } })),
      write('package.json', '{ "name": "sum-library", '),
    ]
    fake.enqueue(
      jsonToolCalls(attempts),
      jsonToolCalls([call('list_files'), call('run_tests')]),
      jsonToolCalls([call('finish', { summary: 'Nothing to change.' })]),
    )
    const { result, logs } = await loop({ workspace })
    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished' })

    const answered = sent(1).messages.filter((message) => message.role === 'tool').map((message) => message.content ?? '')
    expect(answered).toHaveLength(attempts.length)
    for (const text of answered) expect(text).toMatch(/^Error: /)
    const [dotdot, absolute, etc, throughLink, fileLink, readThrough, readLink, deleteThrough, nested, backslash, installed, deps, devDeps, invalid] = answered
    expect(dotdot).toContain('leaves the project folder')
    expect(absolute).toContain('is absolute')
    expect(etc).toContain('is absolute')
    expect(throughLink).toContain('"linked" is a symbolic link')
    expect(fileLink).toContain('"secret.txt" is a symbolic link')
    expect(readThrough).toContain('symbolic link')
    expect(readLink).toContain('symbolic link')
    expect(deleteThrough).toContain('symbolic link')
    expect(nested).toContain('leaves the project folder')
    expect(backslash).toContain('backslash')
    expect(installed).toContain('node_modules')
    expect(deps).toContain('may not list dependencies (express)')
    expect(deps).toContain('without network')
    expect(devDeps).toContain('may not list devDependencies (jest)')
    expect(invalid).toContain('package.json is not valid JSON')

    // Nothing was written outside the project, nor through its links; the refusals were logged.
    expect(await readdir(outside)).toEqual(['secret.txt'])
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('do not read me')
    expect(await readdir(path.dirname(workspace.root))).not.toContain('escaped.txt')
    expect(await readFile(path.join(workspace.root, 'package.json'), 'utf8')).toBe(packageJson)
    expect(logs.filter((line) => line.startsWith('WARNING write_file was refused'))).toHaveLength(11)
    // Links are not part of the project.
    const listing = sent(2).messages.filter((message) => message.role === 'tool')[attempts.length]?.content
    const files = ['.gitignore', 'README.md', 'index.d.ts', 'package.json', 'src/index.js', 'test/index.test.js']
    expect(listing).toBe(files.join('\n'))
    expect((await workspace.snapshot()).map((file) => file.path)).toEqual(files)
  })

  it('answers malformed calls (bad JSON, wrong types, unknown tools or arguments) with an error text and goes on', async () => {
    fake.enqueue(
      streamedToolCalls([
        call('write_file', '{"path": "src/a.js", "content": '),
        call('write_file', { path: 'src/a.js', content: 42 }),
        call('read_file', { path: ['src/index.js'] }),
        call('read_file', {}),
        call('read_file', { path: 'src/index.js', encoding: 'utf8' }),
        call('rm_rf', { path: '/' }),
        call('list_files', '[]'),
      ]),
      streamedToolCalls([call('finish', { summary: 'Kept the template.' })]),
    )
    const { result } = await loop()
    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished', summary: 'Kept the template.' })
    const answered = sent(1).messages.filter((message) => message.role === 'tool').map((message) => message.content)
    expect(answered).toEqual([
      expect.stringMatching(/^Error: the arguments of write_file are not valid JSON \(.+\)\. Send one JSON object, like \{"path":"src\/index.js","content":"…"\}\./),
      'Error: write_file needs "content" as a string; it is a number.',
      'Error: read_file needs "path" as a string; it is a array.',
      'Error: read_file needs "path" as a string; it is missing.',
      'Error: read_file takes only path; it was given "encoding".',
      'Error: there is no tool "rm_rf". The tools are list_files, read_file, write_file, delete_file, run_tests, finish.',
      'Error: the arguments of list_files must be a JSON object, like {}.',
    ])
    // The broken arguments are kept as {} in the conversation: some servers parse them.
    const calls = sent(1).messages.find((message) => message.role === 'assistant')?.tool_calls ?? []
    expect(calls[0]?.function.arguments).toBe('{}')
    expect(calls[1]?.function.arguments).toBe('{"path":"src/a.js","content":42}')
  })

  it('(d) fails with a clear message when the model answers without tool calls three times in a row', async () => {
    fake.enqueue(json('I would write a sum function.'), streamed(['Here is the code: ', 'const sum = (a, b) => a + b']), json(''))
    const { result, records, logs } = await loop()
    expect(result).toMatchObject({ outcome: 'failed', reason: 'no-tool-calls', iterations: [] })
    expect(result.message).toBe('The model did not use the tools: it answered 3 times in a row without calling one, so it cannot build the project.')
    expect(records).toEqual([])
    expect(fake.completions).toHaveLength(3)
    for (const index of [1, 2]) {
      const messages = sent(index).messages
      expect(messages[messages.length - 1]).toMatchObject({ role: 'user', content: expect.stringMatching(/^Use the tools/) as unknown })
    }
    expect(logs.filter((line) => line.startsWith('WARNING fake-small answered without a tool call'))).toHaveLength(2)
  })

  it('tells the model to use the tools, and starts counting again once it does', async () => {
    fake.enqueue(
      json('Thinking…'),
      json('Still thinking…'),
      jsonToolCalls([call('list_files')]),
      json('Hmm.'),
      json('Hmm…'),
      jsonToolCalls([call('finish', { summary: 'Kept the template.' })]),
    )
    const { result } = await loop()
    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished' })
    expect(fake.completions).toHaveLength(6)
  })

  it('(e) answers finish while the tests fail with the failure, goes on, and runs the tests itself at a finish after changes', async () => {
    fake.enqueue(
      jsonToolCalls([write('src/sum.js', BROKEN_SUM), write('test/sum.test.js', SUM_TEST)]),
      jsonToolCalls([call('run_tests')]),
      jsonToolCalls([call('finish', { summary: 'Done (not really).' })]),
      jsonToolCalls([write('src/sum.js', FIXED_SUM)]),
      jsonToolCalls([call('finish', { summary: 'Fixed sum.' })]),
    )
    const { result, records } = await loop()
    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished', summary: 'Fixed sum.' })
    const refusal = sent(3).messages[sent(3).messages.length - 1]
    expect(refusal?.role).toBe('tool')
    expect(refusal?.content).toMatch(/^Not finished: the tests do not pass yet \(1 test failing: sum adds two numbers\)\. Fix them, call run_tests, then finish\. The last run: \{"passed":3,"failed":1,"output":/)
    expect(records.map((record) => [record.ranBy, record.filesChanged, record.failed])).toEqual([
      ['run_tests', ['src/sum.js', 'test/sum.test.js'], 1],
      ['finish', ['src/sum.js'], 0],
    ])
  })

  it('(e) runs the tests at a finish when they never ran, and answers with the failure when they fail', async () => {
    fake.enqueue(
      jsonToolCalls([write('test/sum.test.js', SUM_TEST), write('src/sum.js', BROKEN_SUM), call('finish', { summary: 'Wrote sum.' })]),
      jsonToolCalls([write('src/sum.js', FIXED_SUM), call('run_tests'), call('finish', { summary: 'Wrote sum, fixed.' })]),
    )
    const { result, records } = await loop()
    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished', summary: 'Wrote sum, fixed.' })
    expect(records.map((record) => [record.ranBy, record.failed])).toEqual([
      ['finish', 1],
      ['run_tests', 0],
    ])
    expect(sent(1).messages[sent(1).messages.length - 1]?.content).toMatch(/^Not finished/)
  })

  it('runs the tests itself after MAX_CALLS_PER_ITERATION calls without a run, so every iteration ends', async () => {
    fake.enqueue(...Array.from({ length: MAX_CALLS_PER_ITERATION }, () => jsonToolCalls([call('list_files')])), jsonToolCalls([call('finish', { summary: 'Looked around.' })]))
    const { result, records } = await loop({ maxIterations: 2 })
    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished' })
    expect(records).toEqual([expect.objectContaining({ number: 1, ranBy: 'loop', modelCalls: MAX_CALLS_PER_ITERATION, ok: true })])
    const told = sent(MAX_CALLS_PER_ITERATION).messages
    expect(told[told.length - 1]?.content).toMatch(new RegExp(`^You made ${MAX_CALLS_PER_ITERATION} calls without running the tests, so they were run for you: \\{"passed":3,"failed":0,`))
  })

  it('refuses to finish a project without tests', async () => {
    fake.enqueue(
      jsonToolCalls([call('delete_file', { path: 'test/index.test.js' }), call('finish', { summary: 'No tests.' })]),
      jsonToolCalls([call('run_tests')]),
    )
    const { result } = await loop({ maxIterations: 2 })
    expect(result).toMatchObject({ outcome: 'failed', reason: 'iterations' })
    expect(result.message).toBe('The iteration budget (2 test runs) is spent: no test ran.')
    expect(sent(1).messages[sent(1).messages.length - 1]?.content).toMatch(/^Not finished: the tests do not pass yet \(no test ran\)/)
  })

  it('passes a provider failure on as its ProviderError, and a stop as the signal’s reason', async () => {
    fake.enqueue(status(400, {}, '{"error":{"message":"this model does not support tools"}}'))
    await expect(loop()).rejects.toThrow(new ProviderError(502, PROVIDER_MESSAGES.rejected(400)))

    const controller = new AbortController()
    fake.enqueue(jsonToolCalls([call('list_files')]), jsonToolCalls([call('run_tests')]))
    const stopped = loop({
      signal: controller.signal,
      runTests: async (dir, signal) => {
        controller.abort(new Error('stopped by the owner'))
        return unsandboxedRunTests(dir, signal)
      },
    })
    await expect(stopped).rejects.toThrow('stopped by the owner')
  })

  it('keeps the conversation bounded: old tool results and written files are shortened, the latest turn stays whole', async () => {
    const big = 'x'.repeat(20_000)
    const script: FakeHandler[] = []
    for (let i = 0; i < 8; i += 1) script.push(jsonToolCalls([write(`src/part${i}.js`, `// ${i}\n${big}`)]), jsonToolCalls([call('read_file', { path: `src/part${i}.js` })]))
    script.push(jsonToolCalls([call('finish', { summary: 'Parts.' })]))
    fake.enqueue(...script)
    const { result } = await loop()
    expect(result).toMatchObject({ outcome: 'passed', reason: 'finished' })
    const last = sent(fake.completions.length - 1)
    const size = JSON.stringify(last.messages).length
    expect(size).toBeLessThan(100_000)
    // The latest read is whole.
    expect(last.messages[last.messages.length - 1]?.content).toBe(`// 7\n${big}`)
    expect(last.messages.some((message) => message.content?.includes('[left out to keep the conversation short]'))).toBe(true)
    // Every call is still answered by its tool message.
    const callIds = last.messages.flatMap((message) => message.tool_calls?.map((item) => item.id) ?? [])
    expect(last.messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual(callIds)
  })

  it('cuts the results of many reads in one answer to a total', async () => {
    const big = 'w'.repeat(25_000)
    fake.enqueue(
      jsonToolCalls([0, 1, 2, 3].map((i) => write(`src/big${i}.js`, big))),
      jsonToolCalls([0, 1, 2, 3].map((i) => call('read_file', { path: `src/big${i}.js` }))),
      jsonToolCalls([call('finish', { summary: 'Big files.' })]),
    )
    await loop()
    const results = sent(2).messages.filter((message) => message.role === 'tool').slice(-4).map((message) => message.content ?? '')
    expect(results[0]).toBe(big)
    expect(results[1]).toBe(big)
    expect(results[2]).toMatch(/^w{10000}\n\[… cut: the results of this answer's calls are too long together/)
    expect(results[3]).toMatch(/^\n\[… cut/)
  })
})

describe('tool calls over the OpenAI protocol', () => {
  it('puts streamed pieces together by index, in any order and chunking', () => {
    const pieces = new ToolCallAssembler()
    pieces.push([{ index: 1, id: 'b', function: { name: 'read', arguments: '' } }])
    pieces.push([{ index: 0, id: 'a', type: 'function', function: { name: 'write_', arguments: '{"pa' } }])
    pieces.push([{ index: 1, function: { name: '_file', arguments: '{"path":"x.js"}' } }])
    pieces.push([{ index: 0, function: { name: 'file', arguments: 'th":"a.js","content":"1"}' } }])
    expect(pieces.calls()).toEqual([
      { id: 'a', name: 'write_file', arguments: '{"path":"a.js","content":"1"}' },
      { id: 'b', name: 'read_file', arguments: '{"path":"x.js"}' },
    ])
  })

  it('reads pieces without an index by their id, takes a repeated name once, and gives a call without an id one', () => {
    const pieces = new ToolCallAssembler()
    pieces.push([{ id: 'one', function: { name: 'run_tests', arguments: '' } }])
    pieces.push([{ function: { name: 'run_tests', arguments: '{}' } }])
    pieces.push([{ id: 'two', function: { name: 'finish', arguments: { summary: 'done' } } }])
    pieces.push('not a list')
    pieces.push([null, { index: 9_999 }])
    expect(pieces.calls()).toEqual([
      { id: 'one', name: 'run_tests', arguments: '{}' },
      { id: 'two', name: 'finish', arguments: '{"summary":"done"}' },
    ])
    const anonymous = new ToolCallAssembler()
    anonymous.push([{ index: 0, function: { name: 'list_files', arguments: '{}' } }])
    const [first] = anonymous.calls()
    expect(first?.id).toMatch(/^call_[0-9a-f]+$/)
    expect(anonymous.calls()[0]?.id).toBe(first?.id)
  })

  it('retries a failing provider for tool calls too, and reads text sent beside the calls', async () => {
    const fake = await FakeLlm.start()
    try {
      const provider = new OpenAiProvider({ baseUrl: fake.baseUrl, apiKey: undefined, models: undefined, timeoutMs: 2_000, providerName: 'Fake AI', backoffMs: 10 })
      fake.enqueue(status(503), streamedToolCalls([call('list_files')], { content: 'Let me look.', usage: usage(7, 3) }))
      const answer = await provider.completeWithTools(
        { model: 'fake-small', messages: [{ role: 'user', content: 'hi' }], tools: [], maxTokens: 10 },
        { signal: new AbortController().signal },
      )
      expect(answer).toMatchObject({ content: 'Let me look.', toolCalls: [{ name: 'list_files', arguments: '{}' }], finishReason: 'tool_calls', stopped: false, usage: { promptTokens: 7, completionTokens: 3 } })
      expect(fake.completions).toHaveLength(2)
      expect(fake.completions[1]?.headers.authorization).toBeUndefined()
    } finally {
      await fake.close()
    }
  })
})

describe('reading the test runner’s output', () => {
  it('reads the counts and failing names of a real `node --test` run (TAP when stdout is not a terminal)', async () => {
    const ws = await Workspace.create([
      { path: 'package.json', content: JSON.stringify({ name: 'tap', scripts: { test: 'node --test' } }) },
      {
        path: 'test/a.test.js',
        content: `const test = require('node:test')
const assert = require('node:assert')
test('adds', () => assert.equal(1 + 1, 2))
test('subtracts # with a hash', () => assert.equal(1 - 1, 2))
test.describe('group', () => {
  test.it('inner fails', () => { throw new Error('boom') })
  test.it('inner passes', () => {})
})
test('skipped', { skip: true }, () => {})
test('todo', { todo: true }, () => { throw new Error('not yet') })
test('times out', { timeout: 20 }, () => new Promise((resolve) => setTimeout(resolve, 300)))
`,
      },
    ])
    try {
      const report = await unsandboxedRunTests(ws.root)
      expect(report.output).toContain('TAP version 13')
      expect(report).toMatchObject({ passed: 2, failed: 3, ok: false })
      // A test that times out is 'cancelled' in the summary, and counted as failed.
      expect(report.failing).toEqual(['subtracts # with a hash', 'inner fails', 'times out'])
      expect(JSON.parse(testResultText(report))).toMatchObject({ passed: 2, failed: 3 })
    } finally {
      await ws.remove()
    }
  })

  it('reads the spec reporter, and counts nothing in output without a summary', () => {
    const spec = [
      '✔ adds (0.9ms)',
      '✖ subtracts (0.8ms)',
      'ℹ tests 3',
      'ℹ pass 1',
      'ℹ fail 1',
      'ℹ cancelled 1',
      '',
      '✖ failing tests:',
      '',
      'test at test/a.test.js:3:1',
      '✖ subtracts (0.8ms)',
      '  AssertionError [ERR_ASSERTION]: 0 == 2',
      '✖ later (1s) # TODO',
    ].join('\n')
    expect(parseTestOutput(spec)).toEqual({ passed: 1, failed: 2, failing: ['subtracts'] })
    expect(parseTestOutput('Error: Cannot find module express\nnpm ERR! Test failed.')).toEqual({ passed: 0, failed: 0, failing: [] })
  })

  it('says when no test ran, and keeps only the tail of long output', () => {
    const report: TestReport = { exitCode: 1, signal: null, output: `${'y'.repeat(10_000)}END`, truncated: false, durationMs: 5, passed: 0, failed: 0, failing: [], ok: false }
    const result = JSON.parse(testResultText(report)) as { output: string }
    expect(result.output.length).toBeLessThanOrEqual(4_000)
    expect(result.output).toMatch(/END\n\[no test ran \(npm test exited with 1\)\]$/)
    expect(JSON.parse(testResultText({ ...report, stopped: 'time' })).output).toMatch(/took longer than the time limit/)
  })
})

describe('the conversation kept', () => {
  it('shortens nothing under the budget, and never the system prompt, the request or the latest turn', () => {
    const long = 'z'.repeat(5_000)
    const messages: ToolChatMessage[] = [
      { role: 'system', content: long },
      { role: 'user', content: long },
      { role: 'assistant', content: '', toolCalls: [{ id: '1', name: 'write_file', arguments: JSON.stringify({ path: 'a.js', content: long }) }] },
      { role: 'tool', toolCallId: '1', content: 'ok' },
      { role: 'assistant', content: '', toolCalls: [{ id: '2', name: 'read_file', arguments: '{"path":"a.js"}' }] },
      { role: 'tool', toolCallId: '2', content: long },
    ]
    const copy = structuredClone(messages)
    compactHistory(copy, 100_000)
    expect(copy).toEqual(messages)
    compactHistory(copy, 1_000)
    expect(copy.slice(0, 2)).toEqual(messages.slice(0, 2))
    expect(copy.slice(4)).toEqual(messages.slice(4))
    const shortened = copy[2]
    expect(shortened?.role === 'assistant' && JSON.parse(shortened.toolCalls?.[0]?.arguments ?? '')).toEqual({
      path: 'a.js',
      content: '[5000 characters [left out to keep the conversation short]; read_file shows the file as it is now]',
    })
  })

  it('parses the arguments strictly', () => {
    expect(parseToolCall({ id: '1', name: 'list_files', arguments: '' })).toEqual({ ok: true, action: { tool: 'list_files' } })
    expect(parseToolCall({ id: '1', name: 'finish', arguments: '{"summary":"x"}' })).toEqual({ ok: true, action: { tool: 'finish', summary: 'x' } })
    expect(parseToolCall({ id: '1', name: 'finish', arguments: 'null' })).toMatchObject({ ok: false })
    expect(parseToolCall({ id: '1', name: 'run_tests', arguments: '{"verbose":true}' })).toEqual({ ok: false, error: 'Error: run_tests takes no arguments; it was given "verbose".' })
  })
})

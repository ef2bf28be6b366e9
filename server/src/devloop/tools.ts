import type { ToolCall, ToolDefinition } from '../llm/types'
import type { TestReport } from '../sandbox/types'
import { MAX_PATH_LENGTH, WorkspaceError, type Workspace } from '../sandbox/workspace'

/**
 * The functions the development loop offers the model, as OpenAI's `tools` describe them, and
 * the file tools' work. `run_tests` and `finish` are the loop's own (they end an iteration, or
 * the loop): here are only their definitions and how a test run reads back to the model.
 */

export const TOOL_NAMES = ['list_files', 'read_file', 'write_file', 'delete_file', 'run_tests', 'finish'] as const
export type ToolName = (typeof TOOL_NAMES)[number]

/** The tail of a test run's output the model sees. */
export const MAX_TEST_OUTPUT_CHARS = 4_000
/** The most of one file read_file returns: a whole file is at most 200 KB, too much for one answer. */
export const MAX_READ_CHARS = 30_000

const PATH = {
  type: 'string',
  description: `A path relative to the project folder, "/" between folders (src/index.js). Letters, digits, ".", "_" and "-"; at most ${MAX_PATH_LENGTH} characters.`,
} as const

const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false } as const

export const DEVLOOP_TOOLS: readonly ToolDefinition[] = [
  {
    type: 'function',
    function: { name: 'list_files', description: "Lists the project's files, one path per line.", parameters: NO_PARAMETERS },
  },
  {
    type: 'function',
    function: {
      name: 'read_file',
      description: 'Returns the text of one file of the project.',
      parameters: { type: 'object', properties: { path: PATH }, required: ['path'], additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'write_file',
      description:
        'Creates or replaces one file with the whole of its new content (folders are created as needed). Returns "ok", or why the write was refused. A package.json may not list dependencies: nothing can be installed.',
      parameters: {
        type: 'object',
        properties: { path: PATH, content: { type: 'string', description: 'The complete new text of the file.' } },
        required: ['path', 'content'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'delete_file',
      description: 'Deletes one file of the project. Returns "ok", or why it could not.',
      parameters: { type: 'object', properties: { path: PATH }, required: ['path'], additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'run_tests',
      description:
        'Runs the project\'s tests (`npm test`) and returns a JSON text: {"passed": n, "failed": n, "output": "<the tail of the output>"}. Each run uses one of the limited test runs.',
      parameters: NO_PARAMETERS,
    },
  },
  {
    type: 'function',
    function: {
      name: 'finish',
      description: 'Ends the work once run_tests reports that the tests pass. Refused while they fail.',
      parameters: {
        type: 'object',
        properties: { summary: { type: 'string', description: 'What the project does now and what changed, in a few sentences.' } },
        required: ['summary'],
        additionalProperties: false,
      },
    },
  },
]

/** A tool call, read and checked. */
export type DevLoopAction =
  | { tool: 'list_files' }
  | { tool: 'read_file'; path: string }
  | { tool: 'write_file'; path: string; content: string }
  | { tool: 'delete_file'; path: string }
  | { tool: 'run_tests' }
  | { tool: 'finish'; summary: string }

export type FileAction = Extract<DevLoopAction, { tool: 'list_files' | 'read_file' | 'write_file' | 'delete_file' }>

/** Each tool's parameters (all strings), as its definition has them. */
const PARAMETERS: Record<ToolName, readonly string[]> = {
  list_files: [],
  read_file: ['path'],
  write_file: ['path', 'content'],
  delete_file: ['path'],
  run_tests: [],
  finish: ['summary'],
}

const isToolName = (name: string): name is ToolName => (TOOL_NAMES as readonly string[]).includes(name)

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const excerpt = (text: string, max = 200): string => (text.length > max ? `${text.slice(0, max)}…` : text)

const example = (name: ToolName): string =>
  JSON.stringify(Object.fromEntries(PARAMETERS[name].map((key) => [key, key === 'path' ? 'src/index.js' : key === 'content' ? '…' : 'What was built.'])))

/**
 * The action of `call`, strictly: a known tool, arguments that are a JSON object (an empty text
 * counts as `{}`, as some servers send for a function without parameters) with exactly the
 * tool's parameters, each a string. Otherwise the error text sent back as the call's result.
 */
export const parseToolCall = (call: ToolCall): { ok: true; action: DevLoopAction } | { ok: false; error: string } => {
  const { name } = call
  if (!isToolName(name)) return { ok: false, error: `Error: there is no tool ${JSON.stringify(excerpt(name, 60))}. The tools are ${TOOL_NAMES.join(', ')}.` }
  let args: unknown
  const text = call.arguments.trim()
  try {
    args = text === '' ? {} : JSON.parse(text)
  } catch (err) {
    const why = err instanceof Error ? err.message : 'unreadable'
    return { ok: false, error: `Error: the arguments of ${name} are not valid JSON (${why}). Send one JSON object, like ${example(name)}. They began: ${excerpt(text)}` }
  }
  if (!isObject(args)) return { ok: false, error: `Error: the arguments of ${name} must be a JSON object, like ${example(name)}.` }
  const expected = PARAMETERS[name]
  const unknown = Object.keys(args).filter((key) => !expected.includes(key))
  if (unknown.length > 0) {
    const takes = expected.length > 0 ? `only ${expected.join(' and ')}` : 'no arguments'
    return { ok: false, error: `Error: ${name} takes ${takes}; it was given ${unknown.map((key) => JSON.stringify(excerpt(key, 40))).join(', ')}.` }
  }
  for (const key of expected) {
    if (typeof args[key] !== 'string') {
      const given = args[key] === undefined ? 'missing' : `a ${args[key] === null ? 'null' : Array.isArray(args[key]) ? 'array' : typeof args[key]}`
      return { ok: false, error: `Error: ${name} needs "${key}" as a string; it is ${given}.` }
    }
  }
  const value = (key: string): string => args[key] as string
  switch (name) {
    case 'list_files':
    case 'run_tests':
      return { ok: true, action: { tool: name } }
    case 'read_file':
    case 'delete_file':
      return { ok: true, action: { tool: name, path: value('path') } }
    case 'write_file':
      return { ok: true, action: { tool: name, path: value('path'), content: value('content') } }
    case 'finish':
      return { ok: true, action: { tool: name, summary: value('summary') } }
  }
}

/** The result of a file tool, and the path it changed (a write that changed the file, a delete). */
export interface FileToolResult {
  result: string
  changed?: string
}

/** Does a file tool's work in `workspace`: its result, or the refusal's text. Other failures (the disk) are thrown. */
export const runFileTool = async (workspace: Workspace, action: FileAction): Promise<FileToolResult> => {
  try {
    switch (action.tool) {
      case 'list_files': {
        const paths = await workspace.list()
        return { result: paths.length > 0 ? paths.join('\n') : '(the project has no files)' }
      }
      case 'read_file': {
        const text = await workspace.read(action.path)
        if (text.length <= MAX_READ_CHARS) return { result: text }
        return { result: `${text.slice(0, MAX_READ_CHARS)}\n[… cut: the file has ${text.length} characters, only the first ${MAX_READ_CHARS} are shown]` }
      }
      case 'write_file': {
        const changed = await workspace.write(action.path, action.content)
        return { result: 'ok', ...(changed && { changed: action.path }) }
      }
      case 'delete_file':
        await workspace.delete(action.path)
        return { result: 'ok', changed: action.path }
    }
  } catch (err) {
    if (err instanceof WorkspaceError) return { result: `Error: ${err.message}` }
    throw err
  }
}

/** The last `max` characters of `text`, marked as cut when they are not all of it. */
export const tail = (text: string, max: number): string => (text.length > max ? `…${text.slice(text.length - max + 1)}` : text)

const STOPPED: Record<NonNullable<TestReport['stopped']>, string> = {
  time: 'the run was stopped: it took longer than the time limit',
  memory: 'the run was stopped: it used more memory than the limit',
  disk: 'the run was stopped: it wrote more to disk (the project folder and /tmp together) than the limit',
  aborted: 'the run was stopped before it ended',
}

/** What run_tests answers: `{"passed": n, "failed": n, "output": "<the tail of the output>"}`. */
export const testResultText = (report: TestReport): string => {
  const notes = [
    ...(report.stopped ? [STOPPED[report.stopped]] : []),
    ...(report.passed === 0 && report.failed === 0 ? [`no test ran (npm test exited with ${report.exitCode ?? report.signal ?? 'nothing'})`] : []),
  ]
  const note = notes.length > 0 ? `\n[${notes.join('; ')}]` : ''
  const output = tail(report.output, MAX_TEST_OUTPUT_CHARS - note.length) + note
  return JSON.stringify({ passed: report.passed, failed: report.failed, output })
}

/**
 * The development loop: a model writes the project through tools (list, read, write and delete
 * files, run the tests, finish) until its tests pass, within an iteration and a token budget. The
 * project's files and its test runs are the sandbox's (sandbox/workspace.ts, sandbox/run.ts).
 */
export {
  compactHistory,
  DEFAULT_MAX_ANSWER_TOKENS,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_TOKENS,
  HISTORY_CHAR_BUDGET,
  MAX_CALLS_PER_ITERATION,
  MAX_NUDGES,
  MAX_TURN_RESULT_CHARS,
  passes,
  runDevLoop,
  systemPrompt,
  type DevLoopLog,
  type DevLoopOptions,
  type DevLoopReason,
  type DevLoopResult,
  type DevLoopUsage,
  type IterationRecord,
} from './loop'
export { DEVLOOP_TOOLS, MAX_TEST_OUTPUT_CHARS, parseToolCall, runFileTool, tail, testResultText, TOOL_NAMES, type DevLoopAction, type ToolName } from './tools'

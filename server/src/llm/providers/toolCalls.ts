import { randomBytes } from 'node:crypto'
import type { ToolCall, ToolChatMessage } from '../types'

/**
 * Tool calls in OpenAI's chat-completions protocol, as OpenAI, vLLM, Ollama and LM Studio send
 * them: whole in a JSON answer's `choices[0].message.tool_calls`, or in pieces across a stream's
 * `choices[0].delta.tool_calls` (each piece names its call by `index`; the first usually carries
 * the `id` and the function's name, the rest fragments of the arguments' JSON text).
 */

/** A message as the API takes it (snake_case, `tool_calls` with `type: 'function'`). */
export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }
  | { role: 'tool'; tool_call_id: string; content: string }

export const wireMessages = (messages: readonly ToolChatMessage[]): WireMessage[] =>
  messages.map((message) => {
    if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
    if (message.role === 'assistant' && message.toolCalls?.length) {
      return {
        role: 'assistant',
        content: message.content,
        tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } })),
      }
    }
    return { role: message.role, content: message.content }
  })

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The most calls one answer may carry; more are a broken stream, not a plan. */
const MAX_CALLS = 64

/** An id for a call the server sent without one (the result must name its call). */
const newId = (): string => `call_${randomBytes(9).toString('hex')}`

/** Arguments are JSON text; a few servers send the object itself. */
const argumentsText = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value
  if (isObject(value)) return JSON.stringify(value)
  return undefined
}

interface Slot {
  id: string
  name: string
  arguments: string
}

/** Puts a stream's tool-call pieces together, call by call, in `index` order. */
export class ToolCallAssembler {
  private readonly slots = new Map<number, Slot>()

  /** One chunk's `delta.tool_calls`. */
  push(pieces: unknown): void {
    if (!Array.isArray(pieces)) return
    for (const piece of pieces) {
      if (!isObject(piece)) continue
      const fn = isObject(piece.function) ? piece.function : {}
      const id = typeof piece.id === 'string' && piece.id ? piece.id : undefined
      const index = this.indexOf(piece.index, id)
      if (index === undefined) continue
      const slot = this.slots.get(index) ?? { id: '', name: '', arguments: '' }
      this.slots.set(index, slot)
      if (id && !slot.id) slot.id = id
      // Some servers repeat the whole name in every piece: a repeat is not a fragment.
      if (typeof fn.name === 'string' && fn.name !== slot.name) slot.name += fn.name
      if (typeof fn.arguments === 'string') slot.arguments += fn.arguments
      else if (isObject(fn.arguments)) slot.arguments = JSON.stringify(fn.arguments)
    }
  }

  /** The calls put together so far; a call sent without an id gets one. */
  calls(): ToolCall[] {
    return [...this.slots.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, slot]) => {
        // Kept, so asking twice gives the same id.
        if (!slot.id) slot.id = newId()
        return { id: slot.id, name: slot.name, arguments: slot.arguments }
      })
  }

  /** The piece's call: its `index`, else the call with its id, else a new call for a new id, else the last call. */
  private indexOf(index: unknown, id: string | undefined): number | undefined {
    if (typeof index === 'number' && Number.isSafeInteger(index) && index >= 0) return index < MAX_CALLS ? index : undefined
    const known = [...this.slots.entries()].find(([, slot]) => id !== undefined && slot.id === id)
    if (known) return known[0]
    const last = Math.max(-1, ...this.slots.keys())
    if (id !== undefined || last < 0) return last + 1 < MAX_CALLS ? last + 1 : undefined
    return last
  }
}

/** The calls of a whole (not streamed) answer's `message.tool_calls`, in order. */
export const toolCallsOf = (value: unknown): ToolCall[] => {
  if (!Array.isArray(value)) return []
  return value.slice(0, MAX_CALLS).flatMap((call): ToolCall[] => {
    if (!isObject(call)) return []
    const fn = isObject(call.function) ? call.function : {}
    return [
      {
        id: typeof call.id === 'string' && call.id ? call.id : newId(),
        name: typeof fn.name === 'string' ? fn.name : '',
        arguments: argumentsText(fn.arguments) ?? '',
      },
    ]
  })
}

import { setTimeout as sleep } from 'node:timers/promises'
import { LocalAssistant } from '../local/assistant'
import type { Corrections } from '../local/corrections'
import type { ChatProvider, Completion, CompletionOptions, CompletionRequest, ModelInfo } from '../types'

export const LOCAL_MODEL = 'overseer-local'

export const LOCAL_MODEL_INFO: ModelInfo = {
  description:
    "Overseer's offline assistant: answers questions about Overseer from its documentation and links the pages it used. Runs on this server; nothing leaves it.",
  costPer1kTokens: 0,
  capabilities: ['chat', 'documentation answers', 'source links', 'streaming', 'offline'],
  provider: 'Overseer Labs',
  source: 'local',
}

/** Words per streamed delta. */
const WORDS_PER_DELTA = 3
/** Deltas sent in one turn of the event loop when they are not slowed down. */
const DELTAS_PER_TURN = 8

/** Splits a reply into small pieces of a few words each (whitespace kept), so it streams. */
export const deltasOf = (text: string): string[] => {
  const pieces = text.match(/\s*\S+\s*/g) ?? []
  const deltas: string[] = []
  for (let i = 0; i < pieces.length; i += WORDS_PER_DELTA) deltas.push(pieces.slice(i, i + WORDS_PER_DELTA).join(''))
  return deltas
}

export interface LocalProviderOptions {
  /** Pause between deltas; 0 (the default) only yields to the event loop. Tests slow it down to stop it. */
  deltaDelayMs?: number
  /** Staff's corrections in force (the Questions page), as the assistant reads them: read before each reply. */
  corrections?: () => Promise<Corrections>
}

/** `overseer-local`: the offline docs assistant behind the provider interface. */
export class LocalProvider implements ChatProvider {
  readonly id = 'local'

  constructor(
    readonly assistant: LocalAssistant,
    private readonly options: LocalProviderOptions = {},
  ) {}

  static async fromDirectory(docsDir: string, options: LocalProviderOptions = {}): Promise<LocalProvider> {
    return new LocalProvider(await LocalAssistant.fromDirectory(docsDir), options)
  }

  /** How many docs passages it answers from. */
  get passageCount(): number {
    return this.assistant.passageCount
  }

  async models(): Promise<Record<string, ModelInfo>> {
    return { [LOCAL_MODEL]: LOCAL_MODEL_INFO }
  }

  async complete(request: CompletionRequest, { signal, onDelta }: CompletionOptions): Promise<Completion> {
    const corrections = await this.options.corrections?.()
    const { text: reply, source } = this.assistant.respond(request.messages, corrections)
    const prompt = request.messages
    let sent = ''
    for (const [index, delta] of deltasOf(reply).entries()) {
      // Yield between deltas, so a stop (and other requests) get their turn: after each when slowed
      // down, else every few (a reply waited a turn of the event loop for each, milliseconds each
      // under load: 100 ms and more for an answer computed in 10).
      if (this.options.deltaDelayMs) await sleep(this.options.deltaDelayMs).catch(() => undefined)
      else if (index % DELTAS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve))
      if (signal.aborted) return { content: sent, stopped: true, prompt, source }
      onDelta(delta)
      sent += delta
    }
    return { content: reply, stopped: false, prompt, source }
  }
}

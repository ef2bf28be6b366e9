import type * as O200kBase from 'gpt-tokenizer/encoding/o200k_base'
import type { PromptMessage } from './types'

/** The o200k_base encoding (GPT-4o and later). Loaded on first use: it takes a few hundred ms. */
type Encoding = typeof O200kBase

let encoding: Promise<Encoding> | undefined

const load = (): Promise<Encoding> => {
  encoding ??= import('gpt-tokenizer/encoding/o200k_base')
  return encoding
}

/** User text is text: `<|endoftext|>` typed into a message counts as characters, never throws. */
const AS_TEXT = { disallowedSpecial: new Set<string>() }

/** OpenAI's chat format: each message costs 3 tokens plus its role and content; replies are primed with 3. */
const PER_MESSAGE = 3
const REPLY_PRIMING = 3

export interface TokenCounter {
  text(text: string): number
  prompt(messages: readonly PromptMessage[]): number
}

/** Counts tokens with gpt-tokenizer (o200k_base), loading it once. */
export const tokenCounter = async (): Promise<TokenCounter> => {
  const { countTokens } = await load()
  const text = (value: string): number => (value ? countTokens(value, AS_TEXT) : 0)
  return {
    text,
    prompt: (messages) =>
      messages.reduce((sum, message) => sum + PER_MESSAGE + text(message.role) + text(message.content), REPLY_PRIMING),
  }
}

/**
 * Starts loading the encoding in the background (at server start) and counts once with it: its
 * first count builds the encoder's tables, which a visitor's first reply would otherwise wait for.
 */
export const preloadTokenizer = (): void => {
  void load()
    .then(({ countTokens }) => countTokens('Overseer', AS_TEXT))
    .catch(() => undefined)
}

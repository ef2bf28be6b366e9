import type { LocalAssistant } from '../llm/local/assistant'
import type { ChatMessage } from '../llm/types'

const EXCERPT_LIMIT = 1_500
const CONTEXT_LIMIT = 6_000

const INSTRUCTIONS = `You are the assistant on the website of Overseer by Overseer Labs, an AI development-orchestration platform.
Answer questions about Overseer using the documentation excerpts below when they are relevant, and link the pages you used as Markdown links with the site paths given (for example [Introduction](/docs/getting-started/introduction)).
If the excerpts don't answer a question about Overseer, say that you are not sure rather than guessing, and suggest the documentation (/docs) or the contact page (/contact).
Answer in Markdown and briefly: lead with what answers the question (the setting, the command, the step), in a few sentences or a short list, and end with the links of the sections you used.`

/** A system prompt that grounds an external model in the docs passages relevant to the question. */
export const systemPromptFor = (assistant: LocalAssistant, messages: readonly ChatMessage[]): string => {
  const excerpts: string[] = []
  let used = 0
  for (const passage of assistant.relevantPassages(messages)) {
    const label = passage.heading ? `${passage.page.title} › ${passage.heading}` : passage.page.title
    const link = passage.anchor ? `${passage.page.path}#${passage.anchor}` : passage.page.path
    const text = passage.markdown.slice(0, EXCERPT_LIMIT)
    if (used + text.length > CONTEXT_LIMIT) break
    used += text.length
    excerpts.push(`### ${label} (${link})\n${text}`)
  }
  return excerpts.length > 0
    ? `${INSTRUCTIONS}\n\nDocumentation excerpts:\n\n${excerpts.join('\n\n')}`
    : `${INSTRUCTIONS}\n\nNo documentation excerpt matched this question.`
}

/**
 * The response contracts the SPA checks on its first paint, as plain JSON Schema: the SPA imports
 * the generated JSON, so TypeBox's schema builder stays out of its initial JavaScript, while the
 * types still come from the TypeBox definitions. `npm run contracts` writes the files; a test
 * fails when they no longer match the definitions.
 */
import { BuildFile, BuildState, ChatAnswer, ConversationDetail, ConversationRef, HistoryPage, ModelList } from '../chat'
import { ShareCreated, SharedConversation } from '../conversationTools'
import { BuildEventsPage } from '../buildEvents'
import { SessionState } from '../sessions'

/** The schemas written to `contracts/json/<file>.json`. */
export const JSON_CONTRACTS = {
  chat: { ChatAnswer, ConversationRef, HistoryPage, ModelList },
  // Read only after a build (a reconnect, its files, its timeline): loaded then, not with the page.
  build: { BuildState, BuildFile, BuildEventsPage },
  // Read by the history's share tool and the shared page, both loaded on demand.
  share: { ShareCreated, SharedConversation },
  // Read only after a reload mid-reply, or to match the server again after a refused edit.
  session: { SessionState, ConversationDetail },
} as const

/** Keywords that only document: the OpenAPI document keeps them, the SPA's checks do not need them. */
const DOCUMENTATION = new Set(['description', 'title', 'examples', 'default'])

/** `schema` as JSON without its documentation, keys in a stable order. */
export const plainSchema = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(plainSchema)
  if (typeof schema !== 'object' || schema === null) return schema
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !DOCUMENTATION.has(key))
      .map(([key, value]) => [key, plainSchema(value)]),
  )
}

/** The text of each generated file, by file name. */
export const jsonContractFiles = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(JSON_CONTRACTS).map(([file, schemas]) => [
      `${file}.json`,
      `${JSON.stringify(Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, plainSchema(schema)])), null, 2)}\n`,
    ]),
  )

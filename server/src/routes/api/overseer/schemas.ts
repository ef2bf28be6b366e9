import { STAGE_IDS } from '../../../builds/stages'
import { PROJECT_KINDS } from '../../../builds/classify'
import { chatReply } from '../overseer-dev/schemas'

const uuid = { type: 'string', format: 'uuid' } as const

export const buildReply = {
  description:
    'The build is done: the reply describes the project (Markdown, with a download link) and `zipUrl` is its archive. Progress was sent to the session room as `progress` events.',
  type: 'object',
  required: [...chatReply.required, 'zipUrl'],
  properties: {
    ...chatReply.properties,
    reply: { type: 'string', description: 'Markdown: what was built, its files, and how to run its tests' },
    zipUrl: { type: 'string', description: 'GET it to download the archive (the owner only): `/api/overseer/downloads/{id}`' },
    stopped: { type: 'boolean', const: false },
    usage: { ...chatReply.properties.usage, description: 'Tokens of every stage (gpt-tokenizer, o200k_base): what each was given and what it produced' },
  },
} as const

export const buildFailure = (description: string) =>
  ({
    description,
    type: 'object',
    required: ['success', 'message', 'conversationId', 'sessionId', 'status'],
    properties: {
      success: { type: 'boolean', const: false },
      message: { type: 'string', description: 'The same message as the `error` or `timeout` event' },
      conversationId: { ...uuid, description: 'The conversation, stored with status `error` and without a reply' },
      sessionId: uuid,
      status: { type: 'string', const: 'error' },
    },
  }) as const

export const buildState = {
  description: 'The build of the session: its latest progress, and `zipUrl` once completed',
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { type: 'boolean', const: true },
    data: {
      type: 'object',
      required: ['sessionId', 'status', 'stage', 'percentage', 'message', 'conversationId', 'model', 'createdAt', 'updatedAt'],
      properties: {
        sessionId: { type: 'string' },
        status: { type: 'string', enum: ['running', 'completed', 'error'] },
        stage: { type: 'string', enum: [...STAGE_IDS], description: 'The latest stage reported' },
        percentage: { type: 'integer', minimum: 0, maximum: 100 },
        message: { type: 'string', description: 'The latest progress message, or why it failed (status error)' },
        error: { type: 'string', description: 'Why it failed (status error)' },
        kind: { type: 'string', enum: [...PROJECT_KINDS], description: 'The project kind, once classified' },
        name: { type: 'string', description: 'The project name, once classified' },
        zipUrl: { type: 'string', description: 'Once completed, while its conversation is kept (deleting it deletes the archive)' },
        conversationId: { type: ['string', 'null'], description: 'The conversation in the history; null if it was deleted' },
        model: { type: 'string' },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    },
  },
} as const

export const buildParams = {
  type: 'object',
  required: ['sessionId'],
  properties: { sessionId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$', description: 'The sessionId of the build request' } },
} as const

export const downloadParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100, description: 'The build id, as in `zipUrl`' } },
} as const

export const tokenUsageHistory = {
  description: 'Total tokens of each build (a pipeline iteration), oldest first, numbered from 1: the latest 100',
  type: 'array',
  items: {
    type: 'object',
    required: ['iteration', 'totalTokens'],
    additionalProperties: false,
    properties: { iteration: { type: 'integer', minimum: 1 }, totalTokens: { type: 'integer', minimum: 0 } },
  },
} as const

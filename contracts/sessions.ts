/**
 * A realtime session (the `sessionId` of one chat or build request) after the fact: what it wrote
 * to, so a client that reloaded mid-reply finds its conversation again; and what a build its owner
 * stopped answers.
 */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { BuildReply, ChatReply, TokenUsage } from './chat'

export const SESSION_KINDS = ['chat', 'build'] as const
export type SessionKind = (typeof SESSION_KINDS)[number]

export const SessionState = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({
      sessionId: Type.String(),
      kind: Type.Unsafe<SessionKind>({ type: 'string', enum: [...SESSION_KINDS], description: 'A chat reply, or a build (follow it with GET /api/overseer/builds/{sessionId})' }),
      conversationId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
        description: 'The conversation its question was stored in (GET /api/overseer-dev/chat/history/{id}); null before it is stored, or once deleted',
      }),
    }),
  },
  { description: 'What the session wrote to' },
)
export type SessionState = Static<typeof SessionState>

export const BuildStoppedReply = Type.Object(
  {
    success: Type.Literal(true),
    reply: Type.String({ description: "'Build stopped.'" }),
    conversationId: Type.String({ format: 'uuid' }),
    sessionId: Type.String({ format: 'uuid' }),
    model: Type.String(),
    status: Type.Literal('completed'),
    stopped: Type.Literal(true),
    usage: Type.Object(TokenUsage.properties, { description: 'Tokens of the stages that ran before the stop' }),
  },
  {
    description:
      'The owner stopped the build (POST /api/overseer-dev/sessions/{sessionId}/stop): a `stopped` event was sent, no archive was made, and the conversation keeps the reply with `stopped: true`',
  },
)
export type BuildStoppedReply = Static<typeof BuildStoppedReply>

/** What a build request answers with 200: the project, or the owner's stop. */
export const BuildOutcomeReply = Type.Union([BuildReply, BuildStoppedReply], {
  description: 'The build is done (`zipUrl`), or its owner stopped it (`stopped: true`, no `zipUrl`)',
})
export type BuildOutcomeReply = Static<typeof BuildOutcomeReply>

/**
 * What the chat endpoint answers with 200: the assistant's reply; or, for a message it handed on to
 * the builder (a change to the project its conversation delivered, or a new project), the build's.
 */
export const ChatOrBuildReply = Type.Union([BuildReply, BuildStoppedReply, ChatReply], {
  description:
    "The assistant's reply; or, in a conversation whose build delivered a project, for a message that asks to change it or for a new project, the build's reply (as POST /api/overseer/chat answers: `zipUrl`, `answered`, or `stopped`)",
})
export type ChatOrBuildReply = Static<typeof ChatOrBuildReply>

/** Commands staff send from the Overseer page: recorded and logged, never executed. */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'

/** A command is 1 to 2,000 characters once trimmed. */
export const COMMAND_MAX_LENGTH = 2000

export const ArchitectCommand = Type.Object(
  {
    id: Type.Integer(),
    command: Type.String({ description: 'As stored: trimmed' }),
    createdAt: Type.String({ format: 'date-time' }),
    author: Type.String({ description: "The sender's e-mail" }),
  },
  { additionalProperties: false },
)
export type ArchitectCommand = Static<typeof ArchitectCommand>

/** Loose on purpose: the route gives the messages the command box shows. */
export const CommandBody = Type.Object(
  { command: Type.Optional(Type.String({ description: `Required; 1 to ${COMMAND_MAX_LENGTH} characters once trimmed` })) },
  { additionalProperties: false },
)

export const SentCommand = Type.Object({ success: Type.Literal(true), data: ArchitectCommand }, { description: 'Recorded and logged' })
export const CommandList = Type.Object(
  { success: Type.Literal(true), data: Type.Array(ArchitectCommand) },
  { description: 'Newest first; an empty list when none' },
)

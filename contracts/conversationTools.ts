/**
 * The tools for one of the caller's conversations in the history: rename, delete with undo,
 * export, and read-only share links (and the public page of a shared snapshot).
 */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { CONVERSATION_TITLE_MAX_LENGTH, EXPORT_FORMATS, SHARE_PATH, SHARED_FILE_MAX_BYTES, UNDO_WINDOW_SECONDS, type ExportFormat } from './conversationToolsText'

export {
  CONVERSATION_TITLE_MAX_LENGTH,
  CONVERSATION_WRITES_PER_MINUTE,
  EXPORT_FORMATS,
  SHARE_PATH,
  SHARE_ROBOTS,
  SHARED_DOWNLOADS_PER_MINUTE,
  SHARED_FILE_MAX_BYTES,
  SHARED_FILE_READS_PER_MINUTE,
  sharedArchiveUrl,
  TOOLS_MESSAGES,
  UNDO_WINDOW_SECONDS,
} from './conversationToolsText'
export type { ExportFormat } from './conversationToolsText'

const timestamp = (description: string) => Type.String({ format: 'date-time', description })

export const RenameBody = Type.Object({
  // One schema with both types, not a union: the validator then never turns null into '' or '' into null.
  title: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    maxLength: 2000,
    description: `The new title, at most ${CONVERSATION_TITLE_MAX_LENGTH} characters once trimmed (not blank); \`null\` goes back to the default, the first message`,
  }),
})
export type RenameBody = Static<typeof RenameBody>

export const Renamed = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({
      id: Type.String({ format: 'uuid' }),
      title: Type.String({ description: 'The title the history now shows' }),
      renamed: Type.Boolean({ description: 'False when the title is the default again (the first message)' }),
    }),
  },
  { description: 'Renamed' },
)
export type Renamed = Static<typeof Renamed>

export const Deleted = Type.Object(
  { success: Type.Literal(true) },
  { description: `Deleted: gone from the history, search and downloads at once; it can be restored for ${UNDO_WINDOW_SECONDS} seconds` },
)

export const Restored = Type.Object({ success: Type.Literal(true) }, { description: 'Restored as it was: messages, title, share link and build archives' })

export const ExportQuery = Type.Object({
  format: Type.Unsafe<ExportFormat>({ type: 'string', enum: [...EXPORT_FORMATS], description: '`md` for Markdown, `json` for JSON' }),
})
export type ExportQuery = Static<typeof ExportQuery>

const ExportedMessage = Type.Object({
  role: Type.Unsafe<'user' | 'assistant'>({ type: 'string', enum: ['user', 'assistant'] }),
  content: Type.String({ description: 'Markdown text' }),
  model: Type.Optional(Type.String({ description: 'The model of a reply' })),
  stopped: Type.Optional(Type.Boolean({ description: 'True for a reply its owner stopped' })),
})

export const ConversationExport = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    status: Type.Unsafe<'completed' | 'error' | 'processing'>({ type: 'string', enum: ['completed', 'error', 'processing'] }),
    model: Type.String({ description: 'The model of the latest reply' }),
    createdAt: timestamp('When the conversation started'),
    updatedAt: timestamp('Its last activity'),
    exportedAt: timestamp('When this file was made'),
    messages: Type.Array(ExportedMessage, { description: 'Every message and reply, oldest first' }),
  },
  { description: 'A conversation as exported to JSON' },
)
export type ConversationExport = Static<typeof ConversationExport>

export const ShareCreated = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({
      token: Type.String({ description: 'The link’s secret (256 random bits, base64url). It is shown only now: the server keeps only its hash' }),
      path: Type.String({ description: `The public page of the snapshot on this site: \`${SHARE_PATH}{token}\`` }),
      sharedAt: timestamp('When the snapshot was taken'),
    }),
  },
  { description: 'A new link to a read-only snapshot of the conversation as it is now; an earlier link of this conversation stops working' },
)
export type ShareCreated = Static<typeof ShareCreated>

export const ShareParams = Type.Object({ token: Type.String({ maxLength: 100, description: 'The token of a share link' }) })

const SharedBuild = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The build' }),
    name: Type.String({ description: 'The project’s folder in its archive' }),
    files: Type.Array(Type.Object({ path: Type.String(), bytes: Type.Integer({ minimum: 0 }) }), {
      description: `The delivered files, in path order: read one with GET /api/overseer-dev/shared/{token}/builds/{id}/files?path={path} (up to ${SHARED_FILE_MAX_BYTES / 1024} KiB)`,
    }),
    archiveUrl: Type.Optional(Type.String({ description: 'Where the project’s zip is downloaded with this link; absent when the archive is gone' })),
  },
  { additionalProperties: false },
)

const SharedMessage = Type.Object(
  {
    role: Type.Unsafe<'user' | 'assistant'>({ type: 'string', enum: ['user', 'assistant'] }),
    content: Type.String({ description: 'Markdown text. A build reply’s download link leads to `build.archiveUrl`; a project no longer shared is named without a link' }),
    build: Type.Optional(SharedBuild),
  },
  { additionalProperties: false },
)

export const SharedConversation = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({
      title: Type.String(),
      sharedAt: timestamp('When the snapshot was taken'),
      messages: Type.Array(SharedMessage, { description: 'The conversation as it was then, oldest first; a reply that delivered a project has `build`, what was built' }),
    }),
  },
  { description: 'The shared snapshot: read-only, and the same for everyone who has the link' },
)
export type SharedConversation = Static<typeof SharedConversation>
export type SharedMessage = Static<typeof SharedMessage>

export const SharedBuildParams = Type.Object({
  token: Type.String({ maxLength: 100, description: 'The token of a share link' }),
  buildId: Type.String({ maxLength: 100, description: 'A build of the snapshot: `build.id` of its reply' }),
})
export type SharedBuildParams = Static<typeof SharedBuildParams>

export const SharedFileQuery = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 300, description: 'The file’s path, as in `build.files`' }),
})
export type SharedFileQuery = Static<typeof SharedFileQuery>

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { chatSecurity, ConversationNotFound, ConversationParams, CrossSiteRefused, Ok, OWNER_NOTE } from '@contracts/chat'
import {
  CONVERSATION_TITLE_MAX_LENGTH,
  CONVERSATION_WRITES_PER_MINUTE,
  ConversationExport,
  ExportQuery,
  RenameBody,
  Renamed,
  Restored,
  SHARE_PATH,
  SHARE_ROBOTS,
  ShareCreated,
  SHARED_DOWNLOADS_PER_MINUTE,
  SHARED_FILE_MAX_BYTES,
  SHARED_FILE_READS_PER_MINUTE,
  SharedBuildParams,
  SharedConversation,
  SharedFileQuery,
  ShareParams,
  TOOLS_MESSAGES,
  UNDO_WINDOW_SECONDS,
} from '@contracts/conversationTools'
import { sharedMessages } from '../../../builds/reply'
import { exportFilename, exportOf, markdownOf } from '../../../chat/conversationTools'
import type { SharedSnapshot } from '../../../chat/conversationToolsRepository'
import { ownerOfRequest, perOwnerLimit, type Owner } from '../../../sessions/owner'
import { CHAT_MESSAGES, isUuid } from '../../../chat/validation'
import { ARCHIVE_RESPONSE, sendArchive } from '../../../http/archive'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse, rateLimitedResponse } from '../../../http/schemas'

const TAGS = ['chat']

/**
 * The writes of the conversation tools, counted per owner (the visitor cookie's or the user's),
 * else per IP; each route apart. The hook runs after `app.authenticate`, which knows the user.
 */
export const conversationWriteLimit = perOwnerLimit('conversation-tools', CONVERSATION_WRITES_PER_MINUTE)

const RATE_NOTE = `At most ${CONVERSATION_WRITES_PER_MINUTE} a minute per owner.`

/** The caller, when known (no visitor cookie is handed out); a cross-site cookie write is refused. */
const ownerOf = (request: FastifyRequest, reply: FastifyReply): Owner | undefined => ownerOfRequest(request, reply, { create: false })

/** The conversation id of the path, when it can be one (another id is simply not found). */
const idOf = (id: string): string | undefined => (isUuid(id) ? id.toLowerCase() : undefined)

const notFound = () => new HttpError(404, CHAT_MESSAGES.conversationNotFound)

/** Every answer about a shared conversation, a 404 too: search engines keep no shared page, nor that one existed. */
const noIndex = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  void reply.header('x-robots-tag', SHARE_ROBOTS)
  return payload
}

/**
 * The conversation tools of the assistant's history (rename, undo a deletion, export, share
 * links) and the public page of a shared snapshot. Deleting is `DELETE /chat/history/:id`.
 */
const conversationToolsRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  /** The snapshot behind a share link; a 404 for a token that is malformed, unknown or revoked. */
  const sharedSnapshot = async (token: string): Promise<SharedSnapshot> => {
    const snapshot = await app.conversationTools.shared(token)
    if (!snapshot) throw new HttpError(404, TOOLS_MESSAGES.shareNotFound)
    return snapshot
  }

  routes.patch(
    '/chat/history/:id',
    {
      preHandler: app.authenticate,
      config: { rateLimit: conversationWriteLimit },
      schema: {
        tags: TAGS,
        summary: 'Rename one of the caller’s conversations',
        description: `Sets the title the history shows and search weighs as the title, at most ${CONVERSATION_TITLE_MAX_LENGTH} characters once trimmed; \`null\` goes back to the default, the first message. ${RATE_NOTE} ${OWNER_NOTE}`,
        security: chatSecurity,
        params: ConversationParams,
        body: RenameBody,
        response: {
          200: Renamed,
          ...bodyErrorResponses,
          400: errorResponse(`Invalid title: \`${TOOLS_MESSAGES.titleBlank}\` or \`${TOOLS_MESSAGES.titleTooLong}\``),
          403: CrossSiteRefused,
          404: ConversationNotFound,
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply)
      const id = idOf(request.params.id)
      const renamed = await app.conversationTools.rename(owner?.key, id, request.body.title)
      if (!renamed) throw notFound()
      return { success: true as const, data: { id: id as string, ...renamed } }
    },
  )

  routes.post(
    '/chat/history/:id/restore',
    {
      preHandler: app.authenticate,
      config: { rateLimit: conversationWriteLimit },
      schema: {
        tags: TAGS,
        summary: 'Undo the deletion of one of the caller’s conversations',
        description: `Puts back a conversation deleted in the last ${UNDO_WINDOW_SECONDS} seconds, as it was (its messages, title, share link and build archives). Later the deletion is final. ${RATE_NOTE} ${OWNER_NOTE}`,
        security: chatSecurity,
        params: ConversationParams,
        response: { 200: Restored, 403: CrossSiteRefused, 404: errorResponse(`${TOOLS_MESSAGES.notRestorable}: not deleted by the caller in the last ${UNDO_WINDOW_SECONDS} seconds`), 429: rateLimitedResponse },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply)
      const id = idOf(request.params.id)
      const restored = owner && id ? await app.conversationTools.restore(owner.key, id) : false
      if (!restored) throw new HttpError(404, TOOLS_MESSAGES.notRestorable)
      return { success: true as const }
    },
  )

  routes.get(
    '/chat/history/:id/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Download one of the caller’s conversations as Markdown or JSON',
        description: `An attachment named after the title: \`format=md\`, a Markdown document (the title, then each turn under 'You' or 'Overseer'); \`format=json\`, every message with its role, and for replies the model. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: ConversationParams,
        querystring: ExportQuery,
        response: {
          200: {
            description: 'The file (`Content-Disposition: attachment`)',
            content: { 'text/markdown': { schema: { type: 'string' } }, 'application/json': { schema: ConversationExport } },
          },
          400: errorResponse('Invalid `format` or id; `errors` names it'),
          404: ConversationNotFound,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply)
      const id = idOf(request.params.id)
      const conversation = owner && id ? await app.chat.conversation(owner.key, id) : undefined
      if (!conversation) throw notFound()
      const { format } = request.query
      const file = exportOf(conversation, app.conversationTools.now())
      return reply
        .header('content-type', format === 'md' ? 'text/markdown; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFilename(file.title, format)}"`)
        .send(format === 'md' ? markdownOf(file) : `${JSON.stringify(file, null, 2)}\n`)
    },
  )

  routes.post(
    '/chat/history/:id/share',
    {
      preHandler: app.authenticate,
      config: { rateLimit: conversationWriteLimit },
      schema: {
        tags: TAGS,
        summary: 'Make a read-only share link of one of the caller’s conversations',
        description: `Takes a snapshot of the conversation as it is now (title and messages, with the projects its replies delivered: their files and archives, read through the link) and answers a new, unguessable link to it, \`${SHARE_PATH}{token}\`, which anyone who has it can open without signing in; later messages are not shown. The token is answered only now (the server keeps its SHA-256). A conversation has one link: a new one replaces it. Search engines are told not to index shared pages. ${RATE_NOTE} ${OWNER_NOTE}`,
        security: chatSecurity,
        params: ConversationParams,
        response: { 201: ShareCreated, 403: CrossSiteRefused, 404: ConversationNotFound, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply)
      const id = idOf(request.params.id)
      const share = owner && id ? await app.conversationTools.share(owner.key, id) : undefined
      if (!share) throw notFound()
      return reply.code(201).send({ success: true as const, data: { token: share.token, path: share.path, sharedAt: share.sharedAt.toISOString() } })
    },
  )

  routes.delete(
    '/chat/history/:id/share',
    {
      preHandler: app.authenticate,
      config: { rateLimit: conversationWriteLimit },
      schema: {
        tags: TAGS,
        summary: 'Revoke the share link of one of the caller’s conversations',
        description: `The link stops working at once and its snapshot is deleted. ${RATE_NOTE} ${OWNER_NOTE}`,
        security: chatSecurity,
        params: ConversationParams,
        response: { 200: Ok('Revoked'), 403: CrossSiteRefused, 404: errorResponse(`\`${CHAT_MESSAGES.conversationNotFound}\`, or \`${TOOLS_MESSAGES.notShared}\``), 429: rateLimitedResponse },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply)
      const id = idOf(request.params.id)
      if (!owner || !id || !(await app.chat.conversation(owner.key, id))) throw notFound()
      if (!(await app.conversationTools.revoke(owner.key, id))) throw new HttpError(404, TOOLS_MESSAGES.notShared)
      return { success: true as const }
    },
  )

  routes.get(
    '/shared/:token',
    {
      onSend: noIndex,
      schema: {
        tags: TAGS,
        summary: 'A shared conversation: its read-only snapshot',
        description: `For anyone with the link (\`${SHARE_PATH}{token}\` on the site); no sign-in, and no cookie is set. Answers carry \`X-Robots-Tag: ${SHARE_ROBOTS}\`. A reply that delivered a project carries \`build\`: its files, readable through the link, and its archive's \`archiveUrl\`; the link never shows its owner's own download address. A revoked link, or one whose conversation was deleted, answers 404.`,
        params: ShareParams,
        response: { 200: SharedConversation, 404: errorResponse(TOOLS_MESSAGES.shareNotFound) },
      },
    },
    async (request) => {
      const { token } = request.params
      const snapshot = await sharedSnapshot(token)
      const messages = sharedMessages(snapshot, await app.builds.sharedBuilds(snapshot), token)
      return { success: true as const, data: { title: snapshot.title, sharedAt: snapshot.sharedAt.toISOString(), messages } }
    },
  )

  routes.get(
    '/shared/:token/builds/:buildId/files',
    {
      onSend: noIndex,
      config: { rateLimit: { max: SHARED_FILE_READS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: TAGS,
        summary: 'A file of a project a shared conversation delivered',
        description: `One of \`build.files\` of a reply of the snapshot, as plain text (\`text/plain; charset=utf-8\`, \`X-Content-Type-Options: nosniff\` and a CSP that runs nothing, whatever the file is), for anyone with the link. Files over ${SHARED_FILE_MAX_BYTES / 1024} KiB are not shown: the archive has them. Gone with the link. At most ${SHARED_FILE_READS_PER_MINUTE} a minute per client IP.`,
        params: SharedBuildParams,
        querystring: SharedFileQuery,
        response: {
          200: { description: 'The file’s text', content: { 'text/plain': { schema: { type: 'string' } } } },
          400: errorResponse('A missing or invalid `path`; `errors` names it'),
          404: errorResponse(`\`${TOOLS_MESSAGES.shareNotFound}\`, \`${TOOLS_MESSAGES.sharedBuildNotFound}\` or \`${TOOLS_MESSAGES.sharedFileNotFound}\``),
          413: errorResponse(TOOLS_MESSAGES.sharedFileTooLarge),
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      const snapshot = await sharedSnapshot(request.params.token)
      const buildId = idOf(request.params.buildId)
      const build = buildId ? await app.builds.sharedBuild(snapshot, buildId) : undefined
      if (!build) throw new HttpError(404, TOOLS_MESSAGES.sharedBuildNotFound)
      const { path } = request.query
      const content = await app.builds.deliveredFile(build, path)
      if (content === undefined) throw new HttpError(404, TOOLS_MESSAGES.sharedFileNotFound)
      if (Buffer.byteLength(content, 'utf8') > SHARED_FILE_MAX_BYTES) throw new HttpError(413, TOOLS_MESSAGES.sharedFileTooLarge)
      // Someone else's code on this site's origin: shown as text, never a page that runs.
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename="${(path.split('/').at(-1) ?? '').replace(/[^\w.-]/g, '_') || 'file'}"`)
        .header('cache-control', 'private, no-store')
        .send(content)
    },
  )

  // The archive is a stream, which the type provider's JSON answers cannot describe.
  app.get<{ Params: SharedBuildParams }>(
    '/shared/:token/builds/:buildId/archive',
    {
      onSend: noIndex,
      config: { rateLimit: { max: SHARED_DOWNLOADS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: TAGS,
        summary: 'Download the archive of a project a shared conversation delivered',
        description: `The zip of a reply's \`build\` (its \`archiveUrl\`), as an attachment named after the project, for anyone with the link; it stops working when the link is revoked or the conversation deleted. At most ${SHARED_DOWNLOADS_PER_MINUTE} a minute per client IP.`,
        params: SharedBuildParams,
        response: {
          200: ARCHIVE_RESPONSE,
          404: errorResponse(`\`${TOOLS_MESSAGES.shareNotFound}\`, or \`${TOOLS_MESSAGES.sharedBuildNotFound}\` (not a build of the snapshot, or its archive is gone)`),
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      const snapshot = await sharedSnapshot(request.params.token)
      const buildId = idOf(request.params.buildId)
      const archive = buildId ? await app.builds.sharedArchive(snapshot, buildId) : undefined
      if (!archive) throw new HttpError(404, TOOLS_MESSAGES.sharedBuildNotFound)
      return sendArchive(reply, archive)
    },
  )
}

export default conversationToolsRoutes

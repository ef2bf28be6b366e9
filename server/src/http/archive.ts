import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'

/** The OpenAPI description of an answer that is a build's zip. */
export const ARCHIVE_RESPONSE = {
  description: 'The archive (`Content-Disposition: attachment`)',
  content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
} as const

/**
 * Sends a build's archive as a download named after its project, never kept by a cache: streamed
 * as it is read (from the database, a piece at a time), its length said up front.
 */
export const sendArchive = (reply: FastifyReply, archive: { filename: string; size: number; open(): Readable }): FastifyReply =>
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${archive.filename}"`)
    .header('content-length', String(archive.size))
    .header('cache-control', 'private, no-store')
    .send(archive.open())

import { createReadStream } from 'node:fs'
import type { FastifyReply } from 'fastify'

/** The OpenAPI description of an answer that is a build's zip. */
export const ARCHIVE_RESPONSE = {
  description: 'The archive (`Content-Disposition: attachment`)',
  content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
} as const

/** Sends a build's archive as a download named after its project, never kept by a cache. */
export const sendArchive = (reply: FastifyReply, archive: { path: string; filename: string; size: number }): FastifyReply =>
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${archive.filename}"`)
    .header('content-length', String(archive.size))
    .header('cache-control', 'private, no-store')
    .send(createReadStream(archive.path))

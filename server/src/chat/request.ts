import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ChatBody } from '@contracts/chat'
import { TooManyError } from '../lib/errors'
import { ownerOfRequest, type Owner } from '../sessions/owner'
import { CHAT_MESSAGES, parseChatInput, type ChatInput } from './validation'

/**
 * What every message to the assistant goes through first, a chat message or a build request
 * alike: the owner (a visitor without a cookie gets one; cross-site cookie requests are refused),
 * the body's checks, then the per-owner and per-IP rate limits (one budget for both endpoints).
 * The request must have been through `app.authenticate`.
 */
export const acceptChatMessage = async (app: FastifyInstance, request: FastifyRequest<{ Body: ChatBody }>, reply: FastifyReply): Promise<{ owner: Owner; input: ChatInput }> => {
  const owner = ownerOfRequest(request, reply, { create: true, refresh: true }) as Owner
  const input = parseChatInput(request.body)
  await countChatMessage(app, request, owner)
  return { owner, input }
}

/** Counts one message in the chat budget of its owner and its IP (RATE_LIMIT_CHAT, RATE_LIMIT_CHAT_IP); over it, a TooManyError. */
export const countChatMessage = async (app: FastifyInstance, request: FastifyRequest, owner: Owner): Promise<void> => {
  const { chat: config } = app.config
  const limit = await app.chatLimiter.hit([
    { key: `owner:${owner.key}`, max: config.rateLimitPerOwner },
    { key: `ip:${request.ip}`, max: config.rateLimitPerIp },
  ])
  if (!limit.allowed) throw new TooManyError(CHAT_MESSAGES.rateLimited(limit.retryAfterSeconds), limit.retryAfterSeconds)
}

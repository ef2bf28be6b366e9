import type { FastifyReply, FastifyRequest } from 'fastify'
import type { BuildResult } from '../../../builds/service'

/**
 * What a build request answers (POST /api/overseer/chat, and a follow-up the chat endpoint hands
 * on): the project with its zipUrl, a question's answer (`answered`), the owner's stop, or the
 * failure (500, 504 for a timeout) after its `error` or `timeout` event.
 */
export const sendBuildOutcome = (result: BuildResult, request: FastifyRequest, reply: FastifyReply) => {
  if (result.kind === 'answered') {
    const { reply: answer, conversationId, sessionId, model, usage } = result
    return { success: true as const, reply: answer, answered: true as const, conversationId, sessionId, model, status: 'completed' as const, stopped: false as const, usage }
  }
  if (result.kind === 'clarifying') {
    const { reply: asked, questions, conversationId, sessionId, model, usage } = result
    return { success: true as const, reply: asked, questions, conversationId, sessionId, model, status: 'completed' as const, stopped: false as const, usage }
  }
  if (result.kind === 'stopped') {
    const { reply: stoppedReply, conversationId, sessionId, model, usage } = result
    return { success: true as const, reply: stoppedReply, conversationId, sessionId, model, status: 'completed' as const, stopped: true as const, usage }
  }
  if (result.kind === 'suspended') {
    const { message, conversationId, sessionId } = result
    return reply.code(503).send({ success: false as const, message, conversationId, sessionId, status: 'processing' as const })
  }
  if (result.kind !== 'completed') {
    request.log.warn({ buildId: result.buildId, sessionId: result.sessionId }, `build ${result.kind}: ${result.message}`)
    return reply.code(result.kind === 'timeout' ? 504 : 500).send({
      success: false as const,
      message: result.message,
      conversationId: result.conversationId,
      sessionId: result.sessionId,
      status: 'error' as const,
      ...(result.retryStage && { retryStage: result.retryStage }),
    })
  }
  const { reply: built, zipUrl, conversationId, sessionId, model, usage } = result
  return { success: true as const, reply: built, zipUrl, conversationId, sessionId, model, status: 'completed' as const, stopped: false as const, usage }
}

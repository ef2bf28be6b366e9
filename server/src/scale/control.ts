/**
 * Scale-out's control messages, sent over the Redis pub/sub channels of lib/redis.ts.
 */
/**
 * What the processes tell each other: a decision was stored (to the workers); a build must stop
 * (to the worker that runs it: `stopped` when its owner asked, else a shutdown); its owner asked
 * to stop a build (to the server process that took its request, which stops it and, once it has
 * ended, answers `stop-done` with the `requestId` to the process `replyTo`).
 */
export type ControlMessage =
  | { type: 'decided'; approvalId: string }
  | { type: 'cancel'; buildId: string; stopped?: true }
  | { type: 'stop'; sessionId: string; requestId?: string; replyTo?: string }
  | { type: 'stop-done'; requestId: string }

export const encodeControl = (message: ControlMessage): string => JSON.stringify(message)

export const decodeControl = (raw: string): ControlMessage | undefined => {
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>>
    if (value.type === 'decided' && typeof value.approvalId === 'string') return { type: 'decided', approvalId: value.approvalId }
    if (value.type === 'cancel' && typeof value.buildId === 'string') return { type: 'cancel', buildId: value.buildId, ...(value.stopped === true && { stopped: true as const }) }
    if (value.type === 'stop' && typeof value.sessionId === 'string') {
      const reply = typeof value.requestId === 'string' && typeof value.replyTo === 'string' ? { requestId: value.requestId, replyTo: value.replyTo } : undefined
      return { type: 'stop', sessionId: value.sessionId, ...reply }
    }
    if (value.type === 'stop-done' && typeof value.requestId === 'string') return { type: 'stop-done', requestId: value.requestId }
  } catch {
    // Not ours: ignored.
  }
  return undefined
}

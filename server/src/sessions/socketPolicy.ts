import type { FastifyInstance } from 'fastify'
import type { SubscriptionPolicy } from '../plugins/app/socket'
import { progressRoom } from '../plugins/app/socket'
import { ownerOfHandshake } from './owner'
import { createSessionOwnerRepository } from './sessionOwners'

/**
 * Who may join a session's room: once a session id is registered (a chat reply claims its id
 * before it streams), only sockets of its owner, the same user or visitor as the request. An id
 * nobody has registered yet may be joined as before; when its owner registers it, sockets of
 * anyone else are made to leave (see ChatEvents.claimRoom), before the first event.
 * Reads `app` when a socket subscribes, so it can be made before the plugins it uses load.
 */
export const sessionOwnerPolicy =
  (app: FastifyInstance): SubscriptionPolicy =>
  async (socket, sessionId) => {
    const owner = await ownerOfHandshake(app, { headers: socket.handshake.headers, auth: socket.handshake.auth })
    socket.data.ownerKey = owner?.key
    const registered = await createSessionOwnerRepository(app.db).ownerOf(sessionId)
    return registered === undefined || registered === owner?.key
  }

/** What a socket that has to leave a session's room is told, so the client knows why nothing comes. */
export const EVICTED_MESSAGE =
  'This session was claimed by another identity: send the request with the cookies (or the token) this connection was opened with'

/**
 * Makes sockets that joined `sessionId`'s room before it had an owner, and are not the owner's,
 * leave it, and tells them why: called once a request has claimed the session, before its first event.
 */
export const evictOtherOwners = async (app: FastifyInstance, sessionId: string, ownerKey: string): Promise<void> => {
  const sockets = await app.io.in(progressRoom(sessionId)).fetchSockets()
  for (const socket of sockets) {
    if (socket.data.ownerKey === ownerKey) continue
    socket.leave(progressRoom(sessionId))
    socket.emit('error', { sessionId, message: EVICTED_MESSAGE })
  }
}

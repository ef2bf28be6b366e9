import type { IncomingMessage, Server } from 'node:http'
import fp from 'fastify-plugin'
import { createBuildRepository as buildsIn } from '../builds/buildRepository'
import { progressRoom } from '../plugins/app/socket'
import { createSandbox } from '../sandbox'
import { createPreviewOrigin, listeningPort, OPEN_PATH } from './origin'
import { PreviewService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Live previews of delivered web apps and APIs (undefined with REDIS_URL: they are not run on web servers). */
    previews: PreviewService | undefined
    /** The preview origin a page of `host` (the site's Host header) opens previews on; undefined when previews are off. */
    previewOrigin(host: string | undefined): string | undefined
  }
}

export interface PreviewPluginOptions {
  /** Test hook: how long a request waits for a starting app (default 15 s). */
  readyWaitMs?: number
}

/** The hostname of a Host header (`[::1]:8080` → `[::1]`). */
const hostnameOf = (host: string | undefined): string => {
  const value = host?.trim() || 'localhost'
  return value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : (value.split(':')[0] ?? 'localhost')
}

/**
 * The previews: a PreviewService running each in the sandbox, and the preview origin, a server of
 * its own on PREVIEW_PORT (same host), started with the app and closed with it. The preview
 * origin as browsers reach it is PREVIEW_ORIGIN, else the site's hostname with that port.
 */
export default fp<PreviewPluginOptions>(
  async (app, options) => {
    const { previews: config } = app.config
    if (app.config.redisUrl) {
      app.decorate('previews', undefined)
      app.decorate('previewOrigin', () => undefined)
      return
    }
    let origin: Server | undefined
    let port = config.port
    const sandbox = async () => createSandbox(app.config.builds.sandbox, app.config.builds.sandboxLimits)
    const service = new PreviewService({
      sandbox,
      limits: { max: config.max, idleMs: config.idleMs, maxMs: config.maxMs },
      ...(options.readyWaitMs !== undefined && { readyWaitMs: options.readyWaitMs }),
      findBuild: async (ownerKey, sessionId) => {
        const build = await buildsIn(app.db).findBySession(sessionId)
        if (!build || build.ownerKey !== ownerKey) return undefined
        return {
          buildId: build.id,
          sessionId: build.sessionId,
          ownerKey: build.ownerKey,
          conversationId: build.conversationId,
          // A build whose conversation was deleted is not delivered anymore.
          status: build.conversationId === null ? 'deleted' : build.status,
          kind: build.kind,
          files: () => buildsIn(app.db).files(build.id),
        }
      },
      emit: (sessionId, event) => {
        app.io.to(progressRoom(sessionId)).emit('preview', { sessionId, ...event })
      },
    })
    const previewOrigin = (host: string | undefined): string => config.origin ?? `http://${hostnameOf(host)}:${port}`
    app.decorate('previews', service)
    app.decorate('previewOrigin', previewOrigin)

    app.addHook('onReady', async () => {
      const server = createPreviewOrigin({
        find: (token) => service.byLinkToken(token),
        // The site's pages on the same hostname (any port: the site's own), and the configured origins.
        frameAncestors: (request: IncomingMessage) => [`http://${hostnameOf(request.headers.host)}:*`, `https://${hostnameOf(request.headers.host)}:*`, ...app.config.allowedOrigins],
        secureCookies: config.origin?.startsWith('https:') === true,
      })
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'EADDRINUSE' ? new Error(`PREVIEW_PORT ${config.port} is in use: set PREVIEW_PORT to a free port (0 picks one), or PREVIEW_ORIGIN behind a proxy`) : error),
        )
        server.listen(config.port, app.config.host, () => resolve())
      })
      port = listeningPort(server)
      origin = server
      app.log.info({ port, origin: config.origin }, `previews on ${config.origin ?? `port ${port}`} (${OPEN_PATH})`)
    })

    app.addHook('onClose', async () => {
      await service.close()
      await new Promise<void>((resolve) => {
        if (!origin) return resolve()
        origin.closeAllConnections()
        origin.close(() => resolve())
      })
    })
  },
  { name: 'previews', dependencies: ['config', 'db', 'socket'] },
)

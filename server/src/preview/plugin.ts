import type { IncomingMessage, Server } from 'node:http'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import type { Database } from '../db'
import { createBuildRepository as buildsIn } from '../builds/buildRepository'
import { closeRedis, redisConnection } from '../lib/redis'
import { progressRoom } from '../plugins/app/socket'
import { createSandbox } from '../sandbox'
import { previewRegistryNames, RemotePreviews } from './cluster'
import { createForwardingOrigin, createPreviewOrigin, listeningPort, OPEN_PATH, type PreviewOriginOptions } from './origin'
import { PreviewService, type PreviewableBuild, type PreviewEvent, type Previews } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Live previews of delivered web apps and APIs: run here, or with REDIS_URL on the workers. */
    previews: Previews
    /** The preview origin a page of `host` (the site's Host header) opens previews on. */
    previewOrigin(host: string | undefined): string
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

/** The owner's build of `sessionId` as a preview needs it: undefined for anyone else's. */
export const previewableBuild =
  (db: Database) =>
  async (ownerKey: string, sessionId: string): Promise<PreviewableBuild | undefined> => {
    const build = await buildsIn(db).findBySession(sessionId)
    if (!build || build.ownerKey !== ownerKey) return undefined
    return {
      buildId: build.id,
      sessionId: build.sessionId,
      ownerKey: build.ownerKey,
      conversationId: build.conversationId,
      // A build whose conversation was deleted is not delivered anymore.
      status: build.conversationId === null ? 'deleted' : build.status,
      kind: build.kind,
      files: () => buildsIn(db).files(build.id),
    }
  }

/** A process's preview service: each preview in the sandbox, its events to the build's room. */
export const createPreviewService = (config: Config, db: Database, emit: (sessionId: string, event: PreviewEvent) => void, readyWaitMs?: number): PreviewService =>
  new PreviewService({
    sandbox: async () => createSandbox(config.builds.sandbox, config.builds.sandboxLimits),
    limits: { max: config.previews.max, idleMs: config.previews.idleMs, maxMs: config.previews.maxMs },
    ...(readyWaitMs !== undefined && { readyWaitMs }),
    findBuild: previewableBuild(db),
    emit,
  })

/** The preview origin's guards, the same on a web server and on a worker's agent. */
export const originGuards = (config: Config): Omit<PreviewOriginOptions, 'find'> => ({
  // The site's pages on the same hostname (any port: the site's own), and the configured origins.
  frameAncestors: (request: IncomingMessage) => [`http://${hostnameOf(request.headers.host)}:*`, `https://${hostnameOf(request.headers.host)}:*`, ...config.allowedOrigins],
  secureCookies: config.previews.origin?.startsWith('https:') === true,
})

/**
 * The previews: a PreviewService running each in the sandbox (with REDIS_URL, RemotePreviews:
 * they run on the workers), and the preview origin, a server of its own on PREVIEW_PORT (same
 * host), started with the app and closed with it. The preview origin as browsers reach it is
 * PREVIEW_ORIGIN, else the site's hostname with that port.
 */
export default fp<PreviewPluginOptions>(
  async (app, options) => {
    const { previews: config } = app.config
    let origin: Server | undefined
    let port = config.port
    const redis = app.config.redisUrl ? redisConnection(app.config.redisUrl, 'overseer-previews') : undefined
    const service: RemotePreviews | PreviewService = redis
      ? new RemotePreviews({ redis, names: previewRegistryNames(app.config.redisPrefix), maxMs: config.maxMs })
      : createPreviewService(app.config, app.db, (sessionId, event) => app.io.to(progressRoom(sessionId)).emit('preview', { sessionId, ...event }), options.readyWaitMs)
    const previewOrigin = (host: string | undefined): string => config.origin ?? `http://${hostnameOf(host)}:${port}`
    app.decorate<Previews>('previews', service)
    app.decorate('previewOrigin', previewOrigin)

    app.addHook('onReady', async () => {
      const guards = originGuards(app.config)
      const server =
        service instanceof RemotePreviews
          ? createForwardingOrigin({ ...guards, locate: (token) => service.locate(token) })
          : createPreviewOrigin({ ...guards, find: (token) => service.byLinkToken(token) })
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'EADDRINUSE' ? new Error(`PREVIEW_PORT ${config.port} is in use: set PREVIEW_PORT to a free port (0 picks one), or PREVIEW_ORIGIN behind a proxy`) : error),
        )
        server.listen(config.port, app.config.host, () => resolve())
      })
      port = listeningPort(server)
      origin = server
      app.log.info({ port, origin: config.origin }, `previews on ${config.origin ?? `port ${port}`} (${OPEN_PATH})${redis ? ', run by the workers' : ''}`)
    })

    app.addHook('onClose', async () => {
      await service.close()
      if (redis) await closeRedis(redis)
      await new Promise<void>((resolve) => {
        if (!origin) return resolve()
        origin.closeAllConnections()
        origin.close(() => resolve())
      })
    })
  },
  { name: 'previews', dependencies: ['config', 'db', 'socket'] },
)

import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { createPasswordHasher, type PasswordHasher } from './auth/password'
import builds, { type BuildPluginOptions } from './builds/plugin'
import previews, { type PreviewPluginOptions } from './preview/plugin'
import chat, { type ChatPluginOptions } from './chat/plugin'
import { createBuildRepository } from './builds/buildRepository'
import sessions from './sessions/plugin'
import { visitorHandshake } from './sessions/owner'
import { sessionOwnerPolicy } from './sessions/socketPolicy'
import type { Config } from './config'
import type { Database } from './db'
import { genReqId, REQUEST_ID_HEADER } from './http/requestId'
import leads from './leads/plugin'
import limits from './limits/plugin'
import auth from './plugins/app/auth'
import configPlugin from './plugins/app/config'
import dbPlugin from './plugins/app/db'
import errors, { clientErrorHandler, frameworkErrors } from './plugins/app/errors'
import input from './plugins/app/input'
import retention, { type RetentionPluginOptions } from './plugins/app/retention'
import socket, { type SubscriptionPolicy } from './plugins/app/socket'
import compress from './plugins/external/compress'
import openapi from './plugins/external/openapi'
import rateLimit from './plugins/external/rateLimit'
import security from './plugins/external/security'
import staticFiles from './plugins/external/static'
import apiRoutes from './routes/api'

export interface BuildAppOptions {
  config: Config
  db: Database
  /** `false` silences logging (tests); an object adds pino options to the defaults. */
  logger?: FastifyServerOptions['logger']
  /**
   * Who may follow a session's events over socket.io. Default: once a session id is registered
   * (chat replies register theirs), only its owner; unregistered ids stay open to all.
   */
  canSubscribe?: SubscriptionPolicy
  /** Assistant chat engine options (tests pace the local engine or tune the remote one's retries). */
  chat?: Omit<ChatPluginOptions, 'buildsIn'>
  /** Build pipeline options (tests open or close gates, or make a stage fail or stall). */
  builds?: BuildPluginOptions
  previews?: PreviewPluginOptions
  /** Password hashing; production scrypt cost unless a test passes a cheaper one. */
  passwords?: PasswordHasher
  /** When expired data is deleted (tests sweep by hand). */
  retention?: RetentionPluginOptions
  /**
   * Compile at start what a first response would otherwise compile (the validators of union
   * responses, about 110 ms for all of them): the server does, so that its first visitors do not
   * wait; tests that build many apps and serve few requests do not.
   */
  warmResponses?: boolean
}

const BODY_LIMIT = 64 * 1024

const loggerOptions = (config: Config, logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] => {
  if (logger === false) return false
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    ...(typeof logger === 'object' ? logger : {}),
  }
}

/** How long a plugin may take to start (Fastify's default is 10 s). */
const PLUGIN_START_TIMEOUT_MS = 120_000

/** Fastify accepts a hop count at run time, but its types only take the equivalent function. */
const trustProxyOption = (trust: Config['trustProxy']): boolean | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust

/** Builds the app (plugins, routes) without listening: server.ts listens, tests inject. */
export const buildApp = ({
  config,
  db,
  logger = true,
  canSubscribe,
  chat: chatOptions = {},
  builds: buildOptions = {},
  previews: previewOptions = {},
  passwords = createPasswordHasher(),
  retention: retentionOptions = {},
  warmResponses = false,
}: BuildAppOptions): FastifyInstance => {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    // A client must send its whole request within REQUEST_TIMEOUT_MS, or it gets a 408 and the
    // connection is closed: a body trickled a byte at a time cannot hold a connection for ever.
    // Node checks for late requests on an interval, so the check runs often enough to keep close.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(config.requestTimeoutMs / 5))),
    },
    genReqId,
    // The chat plugin indexes the docs at start: seconds of CPU, several times that on a busy
    // machine, where Fastify's default 10 s for a plugin to start would stop the server starting.
    pluginTimeout: PLUGIN_START_TIMEOUT_MS,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
    // fast-json-stringify picks a union's branch with Ajv validators it compiles on the first
    // response that needs them (the chat's first answer after a start waited 20-25 ms); compiled
    // with each route instead.
    ...(warmResponses && { serializerOpts: { compileValidators: true } }),
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })

  // Order matters: each plugin may use what the ones before it decorate or hook. plugins/app
  // gives config, database and the one error handler first; plugins/external wraps third-party
  // plugins; each domain's plugin decorates its repositories and services; then the routes, and
  // last the SPA's catch-all.
  void app.register(configPlugin, { config })
  void app.register(dbPlugin, { db })
  void app.register(errors)
  void app.register(input)
  void app.register(security, { staticDir: config.staticDir })
  void app.register(compress)
  void app.register(limits)
  void app.register(rateLimit)
  void app.register(auth, { passwords })
  void app.register(openapi)
  void app.register(socket, { canSubscribe: canSubscribe ?? sessionOwnerPolicy(app), onHandshake: visitorHandshake(app) })
  void app.register(leads)
  void app.register(sessions)
  // Chat changes its conversations' builds through the builds module's repository.
  void app.register(chat, { ...chatOptions, buildsIn: createBuildRepository })
  void app.register(builds, buildOptions)
  void app.register(previews, previewOptions)
  void app.register(retention, retentionOptions)
  void app.register(apiRoutes, { prefix: '/api' })
  void app.register(staticFiles, { staticDir: config.staticDir, siteMode: config.siteMode })

  return app
}

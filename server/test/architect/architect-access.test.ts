import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { PERMISSIONS, type Permission } from '../../src/auth/permissions'
import { UserService } from '../../src/auth/userService'
import type { Database } from '../../src/db'
import { OPENAPI_PATH } from '../../src/plugins/external/openapi'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import type { Headers } from '../support/chat'
import { signIn as signInAs } from '../support/auth'

/**
 * Every staff endpoint refuses a visitor without a session (401) and a user who holds every
 * permission but the one it needs (403), and lets a user with only that permission past the check.
 * The endpoints come from the served OpenAPI document (a route's description names its
 * permission), so a new staff route is checked here as soon as it exists; the list below makes
 * sure none silently drops out.
 */

interface Operation {
  description?: string
  security?: unknown[]
}

const NOT_SIGNED_IN = { success: false, message: 'Not signed in' }
const FORBIDDEN = { success: false, message: 'You do not have permission to do this.' }

/** What each endpoint needs: the Architect Suite's API and the Overseer page's token chart. */
const EXPECTED: Record<string, Permission> = {
  'GET /api/architect/whoami': 'architect.access',
  'GET /api/architect/logs': 'architect.logs',
  'GET /api/architect/logs/modules': 'architect.logs',
  'GET /api/architect/approvals': 'architect.approvals',
  'POST /api/architect/approvals/{id}/decision': 'architect.approvals',
  'GET /api/architect/tasks': 'architect.overseer',
  'GET /api/architect/builds': 'architect.overseer',
  'GET /api/architect/builds/{sessionId}': 'architect.overseer',
  'GET /api/architect/commands': 'architect.overseer',
  'POST /api/architect/commands': 'architect.overseer',
  'GET /api/architect/leads': 'architect.leads',
  'GET /api/architect/leads/export.csv': 'architect.leads',
  'GET /api/overseer/token-usage-history': 'architect.overseer',
  'GET /api/architect/questions': 'architect.questions',
  'GET /api/architect/questions/gaps': 'architect.questions',
  'GET /api/architect/questions/sections': 'architect.questions',
  'GET /api/architect/questions/corrections': 'architect.questions',
  'POST /api/architect/questions/corrections': 'architect.questions',
  'DELETE /api/architect/questions/corrections/{id}': 'architect.questions',
}

/** A valid body for each endpoint that takes one, so only the permission can refuse it. */
const BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/architect/approvals/{id}/decision': { decision: 'approve' },
  'POST /api/architect/commands': { command: 'Report the status of every module' },
  'POST /api/architect/questions/corrections': { question: 'How do I turn on approval gates?', answer: null },
}

/** A valid query for each endpoint that needs one. */
const QUERIES: Record<string, string> = {
  'GET /api/architect/leads': '?kind=waitlist',
  'GET /api/architect/leads/export.csv': '?kind=contact',
}

describe.each(databasesUnderTest())('permissions of the staff endpoints on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  let guarded: Map<string, Permission>
  const tokens = new Map<string, Headers>()

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(db)
    const document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{ paths: Record<string, Record<string, Operation>> }>()
    guarded = new Map()
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // 'Needs the permission …': staff only (not an owner's route that staff may also read).
        const permission = /Needs the permission (architect\.[a-z]+)/.exec(operation.description ?? '')?.[1]
        if (permission) guarded.set(`${method.toUpperCase()} ${route}`, permission as Permission)
      }
    }

    // For each permission: one user with all the others, one with it alone.
    const users = new UserService(db, fastPasswords())
    for (const [index, permission] of PERMISSIONS.entries()) {
      const without = `without-${index}@example.com`
      const only = `only-${index}@example.com`
      await users.create({ email: without, password: 'staff-password', permissions: PERMISSIONS.filter((other) => other !== permission) })
      await users.create({ email: only, password: 'staff-password', permissions: [permission] })
      tokens.set(`without ${permission}`, await signIn(without))
      tokens.set(`only ${permission}`, await signIn(only))
    }
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const signIn = (email: string) => signInAs(app, email, 'staff-password')

  const call = (endpoint: string, headers: Headers) => {
    const [method, route] = endpoint.split(' ') as ['GET' | 'POST', string]
    const url = `${route.replace(/\{(id|sessionId)\}/, randomUUID())}${QUERIES[endpoint] ?? ''}`
    const payload = BODIES[endpoint]
    return app.inject({ method, url, headers, ...(payload && { payload }) })
  }

  it('finds every staff endpoint, each with the permission it should need', () => {
    expect(Object.fromEntries([...guarded].sort())).toEqual(Object.fromEntries(Object.entries(EXPECTED).sort()))
  })

  it.each(Object.entries(EXPECTED))('%s refuses a visitor without a session (401)', async (endpoint) => {
    const response = await call(endpoint, {})
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(NOT_SIGNED_IN)
  })

  it.each(Object.entries(EXPECTED))('%s refuses a user with every permission but %s (403)', async (endpoint, permission) => {
    const response = await call(endpoint, tokens.get(`without ${permission}`) as Headers)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(FORBIDDEN)
  })

  it.each(Object.entries(EXPECTED))('%s lets a user with only %s past the check', async (endpoint, permission) => {
    const response = await call(endpoint, tokens.get(`only ${permission}`) as Headers)
    // 404 for the decision on an unknown request id: the check passed, the id did not.
    expect([200, 201, 404]).toContain(response.statusCode)
  })
})

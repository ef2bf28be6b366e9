import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { UserService } from '../../src/auth/userService'
import type { Database } from '../../src/db'
import { buildTestApp, fastPasswords, openTestPglite, SETUP_TIMEOUT_MS } from '../helper'
import { chatConfig, newVisitor } from '../support/chat'

/**
 * Bad input for every operation of the OpenAPI document, as an outside fuzzer sends it: wrong
 * types, NUL and lone surrogates, huge and non-finite numbers, huge strings, extra fields, bad
 * JSON, wrong content types, path parameters with `..` and over-long ids. No answer may be a 5xx,
 * every status must be one the document lists for the operation, and the server stays healthy.
 */

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie'
  name: string
  schema?: JsonSchema
}

interface Operation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, unknown>
  security?: unknown[]
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
}

/** Requests per operation; about 30 operations, so a few thousand requests in all. */
const RUNS_PER_OPERATION = 60

/** Replaced in the JSON text by a number JSON.stringify cannot write. */
const HUGE = '__HUGE_NUMBER__'

const loneSurrogate = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF')

const nasty = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u202e', '👩🏽‍💻', '%00', "' or 1=1 --", '<script>', '${7*7}', '../../etc/passwd', '__proto__'),
  loneSurrogate.map((surrogate) => `x${surrogate}y`),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1_000, max: 100_000 }).map((length) => 'x'.repeat(length)),
)

const nastyNumber = fc.constantFrom(HUGE, `-${HUGE}`, -1, 0, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e20, 2 ** 31, 2 ** 63)

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nasty, nastyNumber), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nasty, nastyNumber), { maxKeys: 4 }),
)

/** A value close to what `schema` asks for, or not at all. */
const valueFor = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> => {
  if (!schema) return anyJson
  const near: Array<fc.Arbitrary<unknown>> = [anyJson]
  if (schema.enum) near.push(fc.constantFrom(...schema.enum))
  if (schema.const !== undefined) near.push(fc.constant(schema.const))
  const types = [schema.type ?? []].flat()
  if (types.includes('string')) near.push(nasty)
  if (types.includes('integer') || types.includes('number')) near.push(nastyNumber, fc.integer())
  if (types.includes('array')) near.push(fc.array(valueFor(schema.items), { maxLength: 3 }))
  if (types.includes('object') && schema.properties) near.push(objectFor(schema))
  return fc.oneof(...near)
}

/** An object with some of the schema's properties (each near or far from valid) and maybe extra ones. */
const objectFor = (schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, valueFor(property)])),
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', 'isAdmin', 'role'), anyJson, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }))

const toJson = (value: unknown): string => JSON.stringify(value).replaceAll(`"${HUGE}"`, '1e309')

const RAW_BODIES = [
  '',
  '{',
  '[',
  'null',
  '"text"',
  '{"a":',
  '{"messages":[{"role":"user","content":"\\u0000"}]}',
  '{"__proto__":{"polluted":true}}',
  '\u0000',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"email":"${'a'.repeat(70_000)}@example.com"}`,
]

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=latin1',
]

const bodyFor = (operation: Operation): fc.Arbitrary<{ payload: string; contentType: string | undefined }> => {
  const schema = operation.requestBody?.content['application/json']?.schema
  return fc.oneof(
    fc.record({ payload: (schema ? objectFor(schema) : anyJson).map(toJson), contentType: fc.constant('application/json') }),
    fc.record({ payload: anyJson.map(toJson), contentType: fc.constantFrom(...CONTENT_TYPES) }),
    fc.record({ payload: fc.constantFrom(...RAW_BODIES), contentType: fc.constantFrom(...CONTENT_TYPES, undefined) }),
  )
}

/** A path segment: percent-encoded, except the ones that test the router's own decoding. */
const encodeSegment = (value: string): string => {
  try {
    return encodeURIComponent(value)
  } catch {
    // A lone surrogate has no UTF-8: send the bytes a careless client would.
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%A-Za-z0-9-_.~]/g, (character) => encodeURIComponent(character))
  }
}

const pathParameter = fc.oneof(
  fc.constantFrom('..', '.', '../..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%00', '%ZZ', '%', '0', '-1', '1e309', 'Infinity'),
  fc.uuid().map(encodeSegment),
  nasty.filter((value) => value.length > 0 && value.length < 400).map(encodeSegment),
  fc.integer({ min: 90, max: 400 }).map((length) => 'a'.repeat(length)),
)

const queryValue = fc.oneof(
  fc.constantFrom('Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '-1', '0', '1.5', '1e20', '', 'true', '[]', '{}'),
  nasty.filter((value) => value.length < 5_000),
)

const encodeQuery = (value: string): string => encodeSegment(value)

interface Request {
  method: string
  url: string
  headers: Record<string, string>
  moved: boolean
  payload?: string
}

describe('the API under bad input', () => {
  let db: Database
  let app: FastifyInstance
  let document: OpenApiDocument
  const admin = { email: 'admin@example.com', password: 'admin-password' }

  /** Anonymous, a visitor, a staff member signed in afresh (a fuzzed logout ends the last session), a bad token. */
  const identities = async (): Promise<Array<Record<string, string>>> => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin })
    const token = login.json<{ data: { token: string } }>().data.token
    return [{}, await newVisitor(app), { authorization: `Bearer ${token}` }, { authorization: 'Bearer not-a-token' }]
  }

  beforeAll(async () => {
    db = await openTestPglite()
    app = await buildTestApp(db, { ...chatConfig() }, { passwords: fastPasswords() })
    await new UserService(db, fastPasswords()).create({ ...admin, roles: ['admin'] })
    document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>()
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  it('answers every generated request below 500, with a documented status, and stays healthy', async () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    )
    let requests = 0
    const failures: string[] = []

    for (const { path, method, operation } of operations) {
      const parameters = operation.parameters ?? []
      const pathNames = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)
      const queryNames = parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)
      const request: fc.Arbitrary<Request> = fc
        .record({
          pathValues: fc.tuple(...pathNames.map(() => pathParameter)),
          query: fc.dictionary(fc.constantFrom(...queryNames, 'extra', 'page', 'limit'), fc.array(queryValue, { minLength: 1, maxLength: 2 }), {
            maxKeys: 3,
          }),
          identity: fc.constantFrom(...(await identities())),
          body: method === 'GET' || method === 'HEAD' ? fc.constant(undefined) : fc.option(bodyFor(operation), { freq: 6 }),
        })
        .map(({ pathValues, query, identity, body }) => {
          let url = path
          pathNames.forEach((name, index) => (url = url.replace(`{${name}}`, pathValues[index] ?? '')))
          const search = Object.entries(query).flatMap(([name, values]) => values.map((value) => `${name}=${encodeQuery(value)}`))
          if (search.length > 0) url += `?${search.join('&')}`
          const headers: Record<string, string> = { ...identity }
          if (body?.contentType) headers['content-type'] = body.contentType
          // A `.` or `..` segment is resolved by the URL parser: the request reaches another path.
          const moved = pathValues.some((value) => ['.', '..', '../..', '%2e%2e'].includes(value))
          return { method, url, headers, moved, ...(body && { payload: body.payload }) }
        })

      await fc.assert(
        fc.asyncProperty(request, async ({ method: verb, url, headers, moved, payload }) => {
          requests += 1
          const response = await app.inject({ method: verb as 'GET', url, headers, ...(payload !== undefined && { payload }) })
          const documented = [...Object.keys(operation.responses), ...(moved ? ['404', '405'] : [])]
          const fine = response.statusCode < 500 && documented.includes(String(response.statusCode))
          if (!fine) failures.push(`${verb} ${url.slice(0, 200)} (${operation.operationId}) -> ${response.statusCode} ${response.body.slice(0, 200)}`)
          // fast-check then prints the seed and the smallest request that fails.
          return fine
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      )
    }

    const health = await app.inject({ method: 'GET', url: '/api/health' })
    console.log(`API fuzz: ${operations.length} operations, ${requests} requests, ${failures.filter((line) => / -> 5\d\d /.test(line)).length} answered 5xx`)
    expect(failures).toEqual([])
    expect(health.statusCode).toBe(200)
  }, 120_000)
})

import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../../src/db'
import { OPENAPI_PATH } from '../../../src/plugins/external/openapi'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS } from '../../helper'

/**
 * The API reference in the docs (docs/api-reference/endpoints.md) against the API the server
 * really serves (its OpenAPI document): every endpoint documented exists, every endpoint that
 * exists is documented, and each one's section names its answers, parameters, body fields and
 * permission. An endpoint added, removed or changed on one side only fails here.
 *
 * The convention: each endpoint is a heading `### \`METHOD /api/path\`` (path parameters as in
 * OpenAPI, `{id}`), followed by its section, which runs to the next heading of level 2 or 3.
 */

interface Schema {
  properties?: Record<string, unknown>
}

interface Operation {
  description?: string
  security?: Record<string, string[]>[]
  parameters?: { name: string; in: string }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses: Record<string, unknown>
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const ENDPOINT_HEADING = /^### `([A-Z]+) (\/\S*)`$/
const REFERENCE = path.resolve(__dirname, '../../../../docs/api-reference/endpoints.md')

/** The documented endpoints, each with the text of its section. */
const documentedEndpoints = (markdown: string): Map<string, string> => {
  const sections = new Map<string, string[]>()
  let current: string[] | undefined
  for (const line of markdown.split('\n')) {
    if (/^#{1,3} /.test(line)) {
      current = undefined
      const match = ENDPOINT_HEADING.exec(line.trim())
      if (match) {
        const key = `${match[1]} ${match[2]}`
        if (sections.has(key)) throw new Error(`${key} is documented twice`)
        current = []
        sections.set(key, current)
      }
    } else {
      current?.push(line)
    }
  }
  return new Map([...sections].map(([key, lines]) => [key, lines.join('\n')]))
}

describe('the API reference (docs/api-reference/endpoints.md)', () => {
  let db: Database
  let app: FastifyInstance
  let served: Map<string, Operation>
  let documented: Map<string, string>
  let markdown: string

  beforeAll(async () => {
    db = await openTestPglite()
    app = await buildTestApp(db)
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH })
    expect(response.statusCode).toBe(200)
    const document = response.json<OpenApiDocument>()
    served = new Map()
    for (const [route, operations] of Object.entries(document.paths)) {
      if (route === OPENAPI_PATH) continue
      for (const method of METHODS) {
        const operation = operations[method]
        if (operation) served.set(`${method.toUpperCase()} ${route}`, operation)
      }
    }
    markdown = readFileSync(REFERENCE, 'utf8')
    documented = documentedEndpoints(markdown)
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  it('writes every endpoint heading in the parseable form', () => {
    const lookalikes = markdown
      .split('\n')
      .filter((line) => /^#{1,6} .*\b(GET|POST|PUT|PATCH|DELETE) \//.test(line))
      .filter((line) => !ENDPOINT_HEADING.test(line.trim()))
    expect(lookalikes).toEqual([])
    expect(documented.size).toBeGreaterThan(0)
  })

  it('documents every endpoint the server serves', () => {
    const undocumented = [...served.keys()].filter((endpoint) => !documented.has(endpoint))
    expect(undocumented).toEqual([])
  })

  it('documents only endpoints the server serves', () => {
    const stale = [...documented.keys()].filter((endpoint) => !served.has(endpoint))
    expect(stale).toEqual([])
  })

  /** What the section of each served endpoint must say; a check answers what the section misses. */
  const SECTION_CHECKS: [title: string, check: (endpoint: string, operation: Operation, section: string) => string[]][] = [
    [
      "names each endpoint's status codes",
      (endpoint, operation, section) =>
        Object.keys(operation.responses)
          .filter((status) => !new RegExp(`\\b${status}\\b`).test(section))
          .map((status) => `${endpoint}: ${status}`),
    ],
    [
      "names each endpoint's parameters and body fields",
      (endpoint, operation, section) => {
        const body = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}
        const names = [...(operation.parameters ?? []).map((parameter) => parameter.name), ...Object.keys(body)]
        return names.filter((name) => !section.includes(`\`${name}\``)).map((name) => `${endpoint}: ${name}`)
      },
    ],
    [
      'says which endpoints need a session, and with which permission',
      (endpoint, operation, section) => {
        const problems: string[] = []
        const permission = /permission (architect\.[a-z]+)/.exec(operation.description ?? '')?.[1]
        if (permission && !section.includes(`\`${permission}\``)) problems.push(`${endpoint}: needs ${permission}`)
        const secured = (operation.security ?? []).length > 0
        if (secured && !/\*\*Authentication:\*\* (staff|a session|optional)/.test(section)) problems.push(`${endpoint}: takes a session`)
        if (!secured && !/\*\*Authentication:\*\* none/.test(section)) problems.push(`${endpoint}: is public`)
        return problems
      },
    ],
  ]

  it.each(SECTION_CHECKS)('%s', (_title, check) => {
    const problems = [...served].flatMap(([endpoint, operation]) => {
      const section = documented.get(endpoint)
      return section === undefined ? [] : check(endpoint, operation, section)
    })
    expect(problems).toEqual([])
  })
})

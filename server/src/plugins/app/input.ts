import type { RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { isStorableText, TEXT_MESSAGES } from '@contracts/text'
import { HttpError } from '../../http/httpError'

type Problem = { field: string; message: string }

/** Deeper than any request of this API needs; a deeper body is refused before it is walked further. */
export const MAX_INPUT_DEPTH = 64

/** A value still to look at, with the way to it (kept as links, so a deep body costs no more than its size). */
interface Pending {
  value: unknown
  key: string | undefined
  parent: Pending | undefined
  depth: number
}

const fieldOf = (entry: Pending, root: string): string => {
  const keys: string[] = []
  for (let at: Pending | undefined = entry; at?.key !== undefined; at = at.parent) keys.push(at.key)
  return keys.length > 0 ? keys.reverse().join('.') : root
}

/**
 * The first value in `input` that no route may take: text that PostgreSQL cannot store (NUL, an
 * unpaired surrogate), a number that is not finite (`1e309` in JSON, `Infinity` in a query,
 * which the schema validator lets through as an integer), or nesting deeper than
 * MAX_INPUT_DEPTH. Walks without recursion, in time proportional to the input's size.
 */
export const inputProblem = (input: unknown, root: string): Problem | undefined => {
  const stack: Pending[] = [{ value: input, key: undefined, parent: undefined, depth: 0 }]
  while (stack.length > 0) {
    const entry = stack.pop() as Pending
    const { value, depth } = entry
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { field: fieldOf(entry, root), message: TEXT_MESSAGES.unstorable }
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { field: fieldOf(entry, root), message: TEXT_MESSAGES.notFinite }
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      if (depth >= MAX_INPUT_DEPTH) return { field: fieldOf(entry, root), message: TEXT_MESSAGES.tooDeep }
      const children: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value)
      for (const [key, item] of children) {
        if (!isStorableText(key)) return { field: fieldOf(entry, root), message: TEXT_MESSAGES.unstorable }
        stack.push({ value: item, key, parent: entry, depth: depth + 1 })
      }
    }
  }
  return undefined
}

type JsonSchema = Record<string, unknown>

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value)

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'] as const

/** Paths of numeric schemas in `schema` without both a lower and an upper bound. */
export const unboundedNumbers = (schema: unknown, at = ''): string[] => {
  if (!isSchema(schema)) return []
  const found: string[] = []
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const numeric = types.includes('integer') || types.includes('number')
  const fixed = 'const' in schema || 'enum' in schema
  const bounded =
    ('minimum' in schema || 'exclusiveMinimum' in schema) && ('maximum' in schema || 'exclusiveMaximum' in schema)
  if (numeric && !fixed && !bounded) found.push(at || '(root)')
  if (isSchema(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) found.push(...unboundedNumbers(property, at ? `${at}.${name}` : name))
  }
  if (schema.items !== undefined) found.push(...unboundedNumbers(schema.items, `${at}[]`))
  for (const list of SUBSCHEMA_LISTS) {
    const subschemas = schema[list]
    if (Array.isArray(subschemas)) for (const sub of subschemas) found.push(...unboundedNumbers(sub, at))
  }
  return found
}

const REQUEST_PARTS = ['params', 'querystring', 'body', 'headers'] as const

/**
 * The rules every route's input follows, in one place:
 * - text must be storable (no NUL, no unpaired surrogate) and numbers finite, or 400 with the
 *   field named, checked after the schema has coerced the input and before any route handler or
 *   route-level hook (authentication, rate limits) reads it;
 * - every number a route's schema accepts has a lower and an upper bound, so a huge page number
 *   is a 400 rather than a database error: a route without them does not start.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema
      if (!schema) return
      for (const part of REQUEST_PARTS) {
        const unbounded = unboundedNumbers(schema[part])
        if (unbounded.length > 0) {
          throw new Error(`${String(route.method)} ${route.url}: the ${part} numbers ${unbounded.join(', ')} need a minimum and a maximum`)
        }
      }
    })

    // Only the parts a route declares: it reads nothing else (an unknown query parameter of a
    // route that takes none is ignored, as before).
    app.addHook('preHandler', async (request) => {
      const schema = request.routeOptions.schema ?? {}
      const problem =
        (schema.params !== undefined || Object.keys(request.params ?? {}).length > 0 ? inputProblem(request.params, 'params') : undefined) ??
        (schema.querystring !== undefined ? inputProblem(request.query, 'query') : undefined) ??
        (schema.body !== undefined ? inputProblem(request.body, 'body') : undefined)
      if (problem) throw HttpError.invalid({ [problem.field]: problem.message })
    })
  },
  { name: 'input' },
)

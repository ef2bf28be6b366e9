import type { Static, TSchema } from 'typebox'

/**
 * Whether `value` fits `schema`, for the part of JSON Schema the contracts are written in (objects,
 * maps, arrays, strings, numbers, booleans, null, literals, unions, lengths, bounds and patterns).
 * The SPA checks every response and socket event with it: TypeBox's own checker is ten times its
 * size in the initial JavaScript, and its compiled form needs 'unsafe-eval', which the CSP refuses.
 * A type it does not know makes the check fail, so a schema it cannot read is never waved through.
 */
export const fits = (schema: unknown, value: unknown): boolean => {
  if (typeof schema !== 'object' || schema === null) return false
  const s = schema as Record<string, unknown>
  if ('const' in s && value !== s.const) return false
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false
  if (Array.isArray(s.anyOf) && !s.anyOf.some((option) => fits(option, value))) return false
  if (Array.isArray(s.allOf) && !s.allOf.every((part) => fits(part, value))) return false
  switch (s.type) {
    case undefined:
      return 'const' in s || Array.isArray(s.enum) || Array.isArray(s.anyOf) || Array.isArray(s.allOf) || Object.keys(s).length === 0
    case 'null':
      return value === null
    case 'boolean':
      return typeof value === 'boolean'
    case 'integer':
    case 'number':
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (s.type === 'number' || Number.isInteger(value)) &&
        !(typeof s.minimum === 'number' && value < s.minimum) &&
        !(typeof s.maximum === 'number' && value > s.maximum)
      )
    case 'string':
      return (
        typeof value === 'string' &&
        !(typeof s.minLength === 'number' && value.length < s.minLength) &&
        !(typeof s.maxLength === 'number' && value.length > s.maxLength) &&
        !(typeof s.pattern === 'string' && !new RegExp(s.pattern).test(value))
      )
    case 'array':
      return Array.isArray(value) && (s.items === undefined || value.every((item) => fits(s.items, item)))
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
      const record = value as Record<string, unknown>
      const required = Array.isArray(s.required) ? (s.required as string[]) : []
      const properties = (s.properties ?? {}) as Record<string, unknown>
      const extra = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined
      return (
        required.every((key) => key in record) &&
        Object.entries(properties).every(([key, property]) => record[key] === undefined || fits(property, record[key])) &&
        (extra === undefined || Object.entries(record).every(([key, item]) => key in properties || fits(extra, item)))
      )
    }
    default:
      return false
  }
}

/** A type guard from a contract's schema: what crosses the wire is checked against the one definition both sides share. */
export const guardOf =
  <T extends TSchema>(schema: T) =>
  (value: unknown): value is Static<T> =>
    fits(schema, value)

/** A JSON object: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A type guard from a contract's generated JSON form (contracts/json), typed by its TypeBox
 * definition: for checks on a page's first paint, where the schema builder would cost too much.
 */
export const guardOfJson =
  <T extends TSchema>(json: unknown) =>
  (value: unknown): value is Static<T> =>
    fits(json, value)

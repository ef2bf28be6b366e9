import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'

type SerializerFactory = ReturnType<typeof SerializerSelector>

/** Whether a response schema is a choice between shapes at its top (a union: `anyOf` or `oneOf`). */
const isUnion = (schema: unknown): boolean => typeof schema === 'object' && schema !== null && ('anyOf' in schema || 'oneOf' in schema)

/**
 * Fastify's response serializers (fast-json-stringify), with the validator of a union response
 * made when the route is, at start (BuildAppOptions.warmResponses). fast-json-stringify picks a union's branch with an Ajv
 * validator that it compiles on the first response it serializes: the chat's first answer after a
 * start waited 20-25 ms for it (its 200 is a build's answer or a chat reply). A first call with an
 * empty object compiles it; that no branch matches it is expected.
 */
export const warmSerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options)
  return (route) => {
    const serialize = compile(route)
    if (isUnion(route.schema)) {
      try {
        serialize({})
      } catch {
        // No branch is an empty object: the validator is made all the same.
      }
    }
    return serialize
  }
}

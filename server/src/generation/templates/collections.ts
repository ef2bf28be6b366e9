/**
 * The generated parts of a project that keeps collections (an HTTP API, a web app): the
 * definitions of its collections, a test file for each, and how the README describes them.
 * The code that serves them is the same for every project (server/templates/http-api/src).
 */

import type { ProjectFile } from '../archive'
import type { Field, Resource } from '../understand'

/** A JavaScript literal of a value the generator made (plain ASCII words, numbers, booleans). */
export const js = (value: unknown): string => {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  if (Array.isArray(value)) return `[${value.map(js).join(', ')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : js(key)}: ${js(item)}`).join(', ')} }`
  }
  return String(value)
}

/** 'due date' → 'Due date'. */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** A field's rule as src/store.js reads it: `{ type: 'number', min: 0 }`. */
const ruleOf = (field: Field): Record<string, unknown> => ({
  type: field.type,
  ...(field.references !== undefined && { references: field.references }),
  ...(field.required && { required: true }),
  ...(field.min !== undefined && { min: field.min }),
})

/** src/resources.js: the collections and the fields of their records. */
export const resourcesFile = (resources: readonly Resource[], what: string): ProjectFile => ({
  path: 'src/resources.js',
  content: `'use strict'

/**
 * The collections ${what} keeps, and what their records hold. Each gets its own routes,
 * storage and checks (src/routes.js, src/store.js): add a field here and every write checks it.
 * @type {import('./store').Resource[]}
 */
const resources = [
${resources
  .map(
    (resource) => `  {
    name: ${js(resource.plural)},
    singular: ${js(resource.singular)},
    fields: {
${resource.fields.map((field) => `      ${field.name}: ${js(ruleOf(field))},`).join('\n')}
    },
  },`,
  )
  .join('\n')}
]

module.exports = { resources }
`,
})

/** Names a record's variable may not take: JavaScript's own words, and the test file's other names. */
const TAKEN_NAMES = new Set(
  `break case catch class const continue debugger default delete do else enum export extends false finally for function if
  import in instanceof new null return super switch this throw true try typeof var void while with yield let static
  implements interface package private protected public await arguments eval undefined valid changed server call test
  assert once before after fetch refusals fields message missing method found listed replaced patched created text res
  init url body status port ids base idOf kept refused`.split(/\s+/),
)

/** The record's main text: its first required text field, if it has one. */
export const mainOf = (resource: Resource): Field | undefined => resource.fields.find((field) => field.required && field.type === 'string')

/** Example values of a field: the first for a new record, the second for its update (a reference's: a placeholder, set once its record exists). */
const samplesOf = (field: Field, resource: Resource): [unknown, unknown] => {
  if (field.type === 'reference') return [0, 0]
  if (field.required) return [`First ${resource.singular}`, `Renamed ${resource.singular}`]
  switch (field.type) {
    case 'number':
      return [12.5, 20]
    case 'date':
      return ['2024-05-01', '2024-06-15']
    case 'boolean':
      return [true, false]
    case 'email':
      return ['ada@example.com', 'grace@example.com']
    default:
      return /url|link|website/i.test(field.name) ? ['https://example.com/first', 'https://example.com/second'] : [`Sample ${field.label}`, `Changed ${field.label}`]
  }
}

/** Values the API must refuse for a field, with the message it answers. */
const refusalsOf = (field: Field, resources: readonly Resource[]): [unknown, string][] => {
  if (field.type === 'reference') {
    const target = resources.find((resource) => resource.plural === field.references)
    return [
      [undefined, `${field.name} is required`],
      ['one', `${field.name} must be the id of one of the ${field.references ?? ''}`],
      ...(target ? ([[999999, `${field.name}: there is no ${target.singular} with the id 999999`]] as [unknown, string][]) : []),
    ]
  }
  if (field.required) return [[undefined, `${field.name} is required`], ['   ', `${field.name} is required`], [42, `${field.name} must be a string`]]
  switch (field.type) {
    case 'number':
      return [['twelve', `${field.name} must be a number`], ...(field.min !== undefined ? ([[field.min - 1, `${field.name} must be at least ${field.min}`]] as [unknown, string][]) : [])]
    case 'date':
      return [['31/12/2024', `${field.name} must be a date (YYYY-MM-DD)`], ['2023-02-29', `${field.name} must be a date (YYYY-MM-DD)`]]
    case 'boolean':
      return [['yes', `${field.name} must be true or false`]]
    case 'email':
      return [['not an address', `${field.name} must be an email address`]]
    default:
      return [[42, `${field.name} must be a string`]]
  }
}

/** Where a project serves its collections: the module and function that start it, and the paths' prefix. */
export interface Served {
  module: string
  factory: string
  prefix: string
}

/** The Markdown of a collection's routes: `GET /books`, … */
export const routesOf = (resource: Resource, prefix: string): string[] => {
  const base = `${prefix}/${resource.plural}`
  return [`GET ${base}`, `POST ${base}`, `GET ${base}/:id`, `PUT ${base}/:id`, `PATCH ${base}/:id`, `DELETE ${base}/:id`]
}

/**
 * test/<collection>.test.js: the collection's own tests, through HTTP against the real server
 * on a free port: create, list, get, update (PUT and PATCH), delete, 400 for each kind of invalid
 * value, and 404 for a record that does not exist.
 */
export const collectionTest = (resource: Resource, served: Served, resources: readonly Resource[] = [resource]): ProjectFile => {
  const { singular, plural } = resource
  const main = mainOf(resource) ?? (resource.fields[0] as Field)
  const valid = Object.fromEntries(resource.fields.map((field) => [field.name, samplesOf(field, resource)[0]]))
  const changed = Object.fromEntries(resource.fields.map((field) => [field.name, samplesOf(field, resource)[1]]))
  const refusals = resource.fields.flatMap((field) =>
    refusalsOf(field, resources).map(([value, message]) =>
      value === undefined
        ? `    // JSON leaves undefined out: no ${field.name} at all.\n    [{ ...valid, ${field.name}: undefined }, ${js(message)}],`
        : `    [{ ...valid, ${field.name}: ${js(value)} }, ${js(message)}],`,
    ),
  )
  const patchField = resource.fields.find((field) => !field.required) ?? main
  const patch = { [patchField.name]: samplesOf(patchField, resource)[0] }
  const aOne = `${/^[aeiou]/.test(singular) ? 'an' : 'a'} ${singular}`
  const url = `${served.prefix}/${plural}`
  // 'const book = await createBook()', unless the noun is a word JavaScript keeps for itself.
  const one = TAKEN_NAMES.has(singular) ? `${singular}Record` : singular
  const createOne = `create${capitalized(singular)}`
  const parents = parentsOf(resource, resources)
  const setUp = parents.length > 0 ? parentsSetUp(resource, parents, [valid, changed, patch], served.prefix) : undefined
  return {
    path: `test/${plural}.test.js`,
    content: `'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { once } = require('node:events')
const { ${served.factory} } = require(${js(served.module)})

/** The ${plural} of a server of this file's own, on a free port. */
const server = ${served.factory}().listen(0, '127.0.0.1')
let ${plural}Url = ''
${setUp ? setUp.declarations : ''}
before(async () => {
  await once(server, 'listening')
  // Listening on a TCP port (not a pipe), the server's address is an AddressInfo.
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  ${plural}Url = 'http://127.0.0.1:' + port + ${js(url)}${setUp ? setUp.before : ''}
})

after(() => {
  server.close()
  server.closeAllConnections()
})

/**
 * Sends \`body\` as JSON (when there is one) to \`url\` with \`method\`; answers the status and the
 * JSON that came back (null when nothing did).
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 */
async function call(method, url, body) {
  const init = body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const res = await fetch(url, init)
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

const valid = ${js(valid)}
const changed = ${js(changed)}
const patch = ${js(patch)}

/** A new ${singular}, as the API answered it. */
async function ${createOne}() {
  const created = await call('POST', ${plural}Url, valid)
  assert.equal(created.status, 201)
  return created.body
}

test('creates ${aOne}', async () => {
  const ${one} = await ${createOne}()
  assert.equal(typeof ${one}.id, 'number')
  assert.ok(!Number.isNaN(Date.parse(${one}.createdAt)))
  assert.deepEqual(${one}, { id: ${one}.id, ...valid, createdAt: ${one}.createdAt })
})

test('lists the ${plural}', async () => {
  const ${one} = await ${createOne}()
  const listed = await call('GET', ${plural}Url)
  assert.equal(listed.status, 200)
  assert.deepEqual(listed.body.data.at(-1), ${one})
})

test('gets ${aOne} by its id', async () => {
  const ${one} = await ${createOne}()
  const found = await call('GET', ${plural}Url + '/' + ${one}.id)
  assert.equal(found.status, 200)
  assert.deepEqual(found.body, ${one})
})

test('updates ${aOne}: PUT replaces its fields, PATCH changes those sent', async () => {
  const ${one} = await ${createOne}()
  const replaced = await call('PUT', ${plural}Url + '/' + ${one}.id, changed)
  assert.equal(replaced.status, 200)
  assert.deepEqual(replaced.body, { ...${one}, ...changed })
  const patched = await call('PATCH', ${plural}Url + '/' + ${one}.id, patch)
  assert.equal(patched.status, 200)
  assert.deepEqual(patched.body, { ...${one}, ...changed, ...patch })
})

test('deletes ${aOne}', async () => {
  const ${one} = await ${createOne}()
  assert.equal((await call('DELETE', ${plural}Url + '/' + ${one}.id)).status, 204)
  assert.equal((await call('GET', ${plural}Url + '/' + ${one}.id)).status, 404)
})

test('refuses an invalid ${singular} with 400, saying why', async () => {
  /** @type {[unknown, string][]} */
  const refusals = [
${refusals.join('\n')}
    [{ ...valid, unknown_field: 1 }, 'Unknown field: unknown_field'],
  ]
  for (const [fields, message] of refusals) {
    const refused = await call('POST', ${plural}Url, fields)
    assert.equal(refused.status, 400, message)
    assert.deepEqual(refused.body, { error: message })
  }
  const ${one} = await ${createOne}()
  const [[fields, message]] = refusals
  const refusedUpdate = await call('PUT', ${plural}Url + '/' + ${one}.id, fields)
  assert.deepEqual([refusedUpdate.status, refusedUpdate.body], [400, { error: message }])
})

test('answers 404 for ${aOne} that does not exist', async () => {
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
    const missing = await call(method, ${plural}Url + '/999999', method === 'PUT' || method === 'PATCH' ? valid : undefined)
    assert.equal(missing.status, 404, method)
    assert.deepEqual(missing.body, { error: 'No ${singular} with the id 999999' })
  }
  assert.equal((await call('GET', ${plural}Url + '/not-an-id')).status, 404)
})
${setUp ? setUp.tests : ''}`,
  }
}

/** The collections whose records `resource` refers to, directly or through them, each after those it refers to. */
const parentsOf = (resource: Resource, resources: readonly Resource[]): Resource[] => {
  const order: Resource[] = []
  const visit = (current: Resource, path: readonly string[]) => {
    for (const field of current.fields) {
      const target = resources.find((candidate) => candidate.plural === field.references)
      if (!target || path.includes(target.plural) || order.includes(target)) continue
      visit(target, [...path, target.plural])
      order.push(target)
    }
  }
  visit(resource, [resource.plural])
  return order
}

/** A record's fields as JavaScript, its references read from `ids` (the records made before the tests). */
const bodyOf = (resource: Resource): string =>
  `{ ${resource.fields.map((field) => `${field.name}: ${field.type === 'reference' ? `ids.${field.references ?? ''}` : js(samplesOf(field, resource)[0])}`).join(', ')} }`

/**
 * The parts of a collection's tests that its references need: a record of each collection it
 * refers to, made before the tests, whose ids go in what they send; and, for each reference, a
 * test that a record of nothing is refused and that a record referred to is not deleted.
 */
const parentsSetUp = (resource: Resource, parents: readonly Resource[], sent: readonly Record<string, unknown>[], prefix: string): { declarations: string; before: string; tests: string } => {
  const { singular, plural } = resource
  const references = resource.fields.filter((field) => field.type === 'reference' && parents.some((parent) => parent.plural === field.references))
  const sentNames = ['valid', 'changed', 'patch']
  const fills = sent
    .map((record, index) => (references.some((field) => field.name in record) ? `
  Object.assign(${sentNames[index] ?? ''}, { ${references.filter((field) => field.name in record).map((field) => `${field.name}: ids.${field.references ?? ''}`).join(', ')} })` : ''))
    .join('')
  const declarations = `
/** Where the API serves its collections, and the id of a record of each one the ${plural} refer to. */
let base = ''
const ids = ${js(Object.fromEntries(parents.map((parent) => [parent.plural, 0])))}

/**
 * A new record of the collection \`name\`; answers its id.
 * @param {string} name
 * @param {Record<string, unknown>} body
 * @returns {Promise<number>}
 */
async function idOf(name, body) {
  const created = await call('POST', base + '/' + name, body)
  assert.equal(created.status, 201, name + ': ' + JSON.stringify(created.body))
  return created.body.id
}
`
  const before = `
  base = 'http://127.0.0.1:' + port + ${js(prefix)}
  // The records the ${plural} refer to, each after those it refers to; their ids go in what the tests send.
${parents.map((parent) => `  ids.${parent.plural} = await idOf(${js(parent.plural)}, ${bodyOf(parent)})`).join('\n')}${fills}`
  const aOne = `${/^[aeiou]/.test(singular) ? 'an' : 'a'} ${singular}`
  const tests = references
    .map((field) => {
      const target = parents.find((parent) => parent.plural === field.references) as Resource
      const aTarget = `${/^[aeiou]/.test(target.singular) ? 'an' : 'a'} ${target.singular}`
      return `
test('refuses ${aOne} whose ${field.label} does not exist, and keeps ${aTarget} ${aOne} refers to', async () => {
  const refused = await call('POST', ${plural}Url, { ...valid, ${field.name}: 999999 })
  assert.deepEqual([refused.status, refused.body], [400, { error: ${js(`${field.name}: there is no ${target.singular} with the id 999999`)} }])
  const ${field.name} = await idOf(${js(target.plural)}, ${bodyOf(target)})
  const created = await call('POST', ${plural}Url, { ...valid, ${field.name} })
  assert.equal(created.status, 201)
  const kept = await call('DELETE', base + '/${target.plural}/' + ${field.name})
  const referred = 'The ${target.singular} ' + ${field.name} + ' is referred to by the ${singular} ' + created.body.id + ' (${field.name}): change or delete that first'
  assert.deepEqual([kept.status, kept.body], [409, { error: referred }])
  assert.equal((await call('DELETE', ${plural}Url + '/' + created.body.id)).status, 204)
  assert.equal((await call('DELETE', base + '/${target.plural}/' + ${field.name})).status, 204)
})
`
    })
    .join('')
  return { declarations, before, tests }
}

const NUMBERS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten']

const TYPE_NAMES: Record<Field['type'], string> = { string: 'text', number: 'number', date: 'date (YYYY-MM-DD)', boolean: 'true or false', email: 'email address', reference: 'id' }

/** What the README says of a field's type: a reference, whose records it holds the id of. */
const typeOf = (field: Field): string => (field.type === 'reference' ? `id of one of the ${field.references ?? ''}` : TYPE_NAMES[field.type])

/** What the README says of a field's rules. */
const rulesOf = (field: Field): string => {
  if (field.type === 'reference') return `required, a ${field.label} that exists (checked on every write; a ${field.label} still referred to is not deleted)`
  if (field.required) return 'required, at most 200 characters'
  if (field.type === 'boolean') return 'optional, false when absent'
  return `optional${field.min !== undefined ? `, at least ${field.min}` : ''}`
}

/** The README's line on the fields of a collection the request did not name: what the engine assumed, to change if it is wrong. */
const assumedOf = (resource: Resource): string => {
  const assumed = resource.fields.filter((field) => field.assumed)
  if (assumed.length === 0) return ''
  const them = assumed.length === 1 ? 'it' : 'them'
  return `\nAssumed fields: ${assumed.map((field) => `\`${field.name}\``).join(', ')} (the request did not name ${them}; ${withArticleOf(resource.singular)} usually has ${them}, change ${them} in \`src/resources.js\`).\n`
}

/** 'a book', 'an order'. */
const withArticleOf = (noun: string): string => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`

/** The README's section on the collections: each one's fields and routes, and its tests. */
export const collectionsSection = (resources: readonly Resource[], prefix: string, named: boolean): string => {
  const count = `${NUMBERS[resources.length] ?? resources.length} collection${resources.length === 1 ? '' : 's'}`
  const intro = named
    ? `${count}, as the request names ${resources.length === 1 ? 'it' : 'them'}, each with its own routes, in-memory storage, validation and tests:`
    : `The request named no collection the offline engine could recognise, so the project keeps **items** to start with; rename them and add fields in \`src/resources.js\`:`
  return `## What it keeps

${intro}

${resources
  .map(
    (resource) => `### ${capitalized(resource.plural)}

| Field | Type | Rules |
| --- | --- | --- |
${resource.fields.map((field) => `| \`${field.name}\` | ${typeOf(field)} | ${rulesOf(field)} |`).join('\n')}
${named ? assumedOf(resource) : ''}
Each ${resource.singular} also has an \`id\` and its \`createdAt\` time. Routes: ${routesOf(resource, prefix)
      .map((route) => `\`${route}\``)
      .join(', ')}. Tests: \`test/${resource.plural}.test.js\`.`,
  )
  .join('\n\n')}`
}

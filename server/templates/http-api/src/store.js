'use strict'

/** The longest main text (a name or title), and the longest other text field. */
const MAX_NAME_LENGTH = 200
const MAX_TEXT_LENGTH = 2000

/**
 * @typedef {'string' | 'number' | 'date' | 'boolean' | 'email' | 'reference'} FieldType
 *
 * @typedef {object} FieldRule
 * @property {FieldType} type
 * @property {boolean} [required] never absent or blank: the record's main text, and its references
 * @property {number} [min] the smallest number allowed
 * @property {string} [references] of a reference: the collection whose record's id it holds ('books')
 *
 * @typedef {object} Resource
 * @property {string} name the collection, as its path says it: 'books'
 * @property {string} singular one record of it: 'book'
 * @property {Record<string, FieldRule>} fields what a record holds, checked on every write
 *
 * @typedef {string | number | boolean | null} Value
 * @typedef {{ id: number, createdAt: string, [field: string]: Value }} Row
 */

/** What a client sent is not a valid record: answered 400 with this message. */
class ValidationError extends Error {}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Whether `value` is an ISO 8601 date ('2024-05-01') or date and time, of a day that exists.
 * @param {string} value
 */
function isIsoDate(value) {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC rolls 2024-02-30 over to March: the day must read back as itself.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false
  return match[4] === undefined || !Number.isNaN(Date.parse(value))
}

/**
 * One field's value checked against its rule: a string trimmed, absent or empty as null (false
 * for a flag), anything else refused with a message that names the field.
 * @param {string} name
 * @param {FieldRule} rule
 * @param {unknown} value
 * @returns {Value}
 */
function checkField(name, rule, value) {
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  if (blank) {
    if (rule.required) throw new ValidationError(name + ' is required')
    return rule.type === 'boolean' ? false : null
  }
  switch (rule.type) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new ValidationError(name + ' must be a number')
      if (rule.min !== undefined && value < rule.min) throw new ValidationError(name + ' must be at least ' + rule.min)
      return value
    case 'boolean':
      if (typeof value !== 'boolean') throw new ValidationError(name + ' must be true or false')
      return value
    case 'date':
      if (typeof value !== 'string' || !isIsoDate(value)) throw new ValidationError(name + ' must be a date (YYYY-MM-DD)')
      return value
    case 'email':
      if (typeof value !== 'string' || !EMAIL.test(value.trim())) throw new ValidationError(name + ' must be an email address')
      return value.trim()
    case 'reference':
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new ValidationError(name + ' must be the id of one of the ' + rule.references)
      return value
    default: {
      if (typeof value !== 'string') throw new ValidationError(name + ' must be a string')
      const max = rule.required ? MAX_NAME_LENGTH : MAX_TEXT_LENGTH
      if (value.trim().length > max) throw new ValidationError(name + ' must be at most ' + max + ' characters')
      return value.trim()
    }
  }
}

/**
 * The fields of a record from a client's JSON body, each checked; with `partial`, only the
 * fields it sends (a PATCH). Fields the resource does not have are refused, except the record's
 * own `id` and `createdAt`, which a client may send back unchanged.
 * @param {Resource} resource
 * @param {unknown} body
 * @param {boolean} partial
 * @returns {Record<string, Value>}
 */
function checkRecord(resource, body, partial) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationError('Expected a JSON object')
  // Any JSON object: its fields are checked one by one below.
  const sent = /** @type {Record<string, unknown>} */ (body)
  for (const name of Object.keys(sent)) {
    if (!Object.hasOwn(resource.fields, name) && name !== 'id' && name !== 'createdAt') throw new ValidationError('Unknown field: ' + name)
  }
  /** @type {Record<string, Value>} */
  const record = {}
  for (const [name, rule] of Object.entries(resource.fields)) {
    if (partial && !Object.hasOwn(sent, name)) continue
    record[name] = checkField(name, rule, sent[name])
  }
  return record
}

/**
 * Each reference of a record checked against the records it refers to: a loan of a book that
 * does not exist is refused. A reference to a collection `others` does not hold is not checked.
 * @param {Resource} resource
 * @param {Record<string, Value>} record
 * @param {ReadonlyMap<string, Collection>} others
 */
function checkReferences(resource, record, others) {
  for (const [name, rule] of Object.entries(resource.fields)) {
    const value = record[name]
    const target = rule.references === undefined ? undefined : others.get(rule.references)
    if (rule.type !== 'reference' || typeof value !== 'number' || !target || target.get(value)) continue
    throw new ValidationError(name + ': there is no ' + target.resource.singular + ' with the id ' + value)
  }
  return record
}

/**
 * One collection's records, kept in memory while the process runs (swap the Map for a database
 * to keep them): each with a numeric `id` and its `createdAt` time.
 * @param {Resource} resource
 * @param {ReadonlyMap<string, Collection>} [others] the collections its references refer to, by name
 */
function createCollection(resource, others = new Map()) {
  /**
   * A client's body checked as a record of this collection, its references included.
   * @param {unknown} body
   * @param {boolean} partial
   */
  const check = (body, partial) => checkReferences(resource, checkRecord(resource, body, partial), others)

  /** @type {Map<number, Row>} */
  const rows = new Map()
  let nextId = 1

  return {
    resource,
    list() {
      return [...rows.values()]
    },
    /** @param {number} id */
    get(id) {
      return rows.get(id)
    },
    /** @param {unknown} body */
    create(body) {
      /** @type {Row} */
      const row = { id: nextId++, ...check(body, false), createdAt: new Date().toISOString() }
      rows.set(row.id, row)
      return row
    },
    /**
     * Replaces every field of a record (PUT); undefined when there is none with this id.
     * @param {number} id
     * @param {unknown} body
     */
    replace(id, body) {
      const row = rows.get(id)
      if (!row) return undefined
      /** @type {Row} */
      const replaced = { id, ...check(body, false), createdAt: row.createdAt }
      rows.set(id, replaced)
      return replaced
    },
    /**
     * Changes the fields sent, keeps the others (PATCH); undefined when there is no such record.
     * @param {number} id
     * @param {unknown} body
     */
    update(id, body) {
      const row = rows.get(id)
      if (!row) return undefined
      Object.assign(row, check(body, true))
      return row
    },
    /**
     * The first record that refers to the record `id` of the collection `name` through `field`.
     * @param {string} name
     * @param {number} id
     */
    referring(name, id) {
      for (const [field, rule] of Object.entries(resource.fields)) {
        if (rule.references !== name) continue
        const row = [...rows.values()].find((candidate) => candidate[field] === id)
        if (row) return { row, field }
      }
      return undefined
    },
    /** @param {number} id */
    remove(id) {
      return rows.delete(id)
    },
  }
}

/**
 * @typedef {object} Collection
 * @property {Resource} resource
 * @property {() => Row[]} list
 * @property {(id: number) => Row | undefined} get
 * @property {(body: unknown) => Row} create
 * @property {(id: number, body: unknown) => Row | undefined} replace
 * @property {(id: number, body: unknown) => Row | undefined} update
 * @property {(name: string, id: number) => { row: Row, field: string } | undefined} referring
 * @property {(id: number) => boolean} remove
 */

module.exports = { createCollection, checkRecord, isIsoDate, ValidationError, MAX_NAME_LENGTH, MAX_TEXT_LENGTH }

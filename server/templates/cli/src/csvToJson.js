'use strict'

const { csvToObjects } = require('./csv')

/**
 * A CSV field's value with its type: a number, true, false, or null for an empty field; any
 * other text as it is.
 * @param {string} value
 * @returns {string | number | boolean | null}
 */
function typed(value) {
  if (value === '') return null
  if (value === 'true' || value === 'false') return value === 'true'
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim())) return Number(value)
  return value
}

/**
 * A CSV text as JSON objects keyed by its header row; with `types`, numbers, booleans and
 * empty fields as JSON numbers, booleans and null.
 * @param {string} text
 * @param {{ delimiter?: string, types?: boolean }} [options]
 */
function csvToJson(text, { delimiter = ',', types = false } = {}) {
  const objects = csvToObjects(text, { delimiter })
  return types ? objects.map((object) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, typed(value)]))) : objects
}

/** @type {import('./cli').Command} */
const command = {
  usage: '[options] [file.csv]',
  about: 'Converts CSV (a file, or standard input) to JSON: an array of objects keyed by the header row.',
  options: {
    delimiter: { type: 'string', short: 'd', description: "the character between fields (default ',')" },
    types: { type: 'boolean', short: 't', description: 'numbers, true/false and empty fields as JSON numbers, booleans and null' },
    compact: { type: 'boolean', short: 'c', description: 'one line of JSON instead of indented' },
  },
  maxArguments: 1,
  async run({ values, args, io, read }) {
    const [{ text }] = /** @type {[import('./cli').Input]} */ (await read(args))
    const delimiter = typeof values.delimiter === 'string' ? values.delimiter.replace('\\t', '\t') : ','
    const objects = csvToJson(text, { delimiter, types: values.types === true })
    io.stdout.write(JSON.stringify(objects, null, values.compact ? undefined : 2) + '\n')
    return 0
  },
}

module.exports = { command, csvToJson }

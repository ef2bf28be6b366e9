'use strict'

const { objectsToCsv } = require('./csv')

/**
 * JSON (an array of objects, or one object) as CSV: a header of every key, then a row each.
 * @param {string} text
 * @param {{ delimiter?: string }} [options]
 * @returns {string}
 */
function jsonToCsv(text, { delimiter = ',' } = {}) {
  /** @type {unknown} */
  let data
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new SyntaxError('The input is not JSON: ' + (error instanceof Error ? error.message : String(error)))
  }
  const objects = Array.isArray(data) ? data : [data]
  if (objects.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))) {
    throw new TypeError('Expected an array of objects (or one object)')
  }
  return objectsToCsv(objects, { delimiter })
}

/** @type {import('./cli').Command} */
const command = {
  usage: '[options] [file.json]',
  about: 'Converts JSON (an array of objects, from a file or standard input) to CSV with a header row.',
  options: { delimiter: { type: 'string', short: 'd', description: "the character between fields (default ',')" } },
  maxArguments: 1,
  async run({ values, args, io, read }) {
    const [{ text }] = /** @type {[import('./cli').Input]} */ (await read(args))
    const delimiter = typeof values.delimiter === 'string' ? values.delimiter.replace('\\t', '\t') : ','
    io.stdout.write(jsonToCsv(text, { delimiter }))
    return 0
  },
}

module.exports = { command, jsonToCsv }

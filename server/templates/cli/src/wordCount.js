'use strict'

/**
 * Counts lines, words and characters of a text, like wc.
 * @param {string} text
 * @returns {{ lines: number, words: number, characters: number }}
 */
function stats(text) {
  const lines = text === '' ? 0 : text.split(/\r?\n/).length - (text.endsWith('\n') ? 1 : 0)
  const words = (text.match(/\S+/g) || []).length
  return { lines, words, characters: [...text].length }
}

/** @type {import('./cli').Command} */
const command = {
  usage: '[options] [file...]',
  about: 'Counts the lines, words and characters of each file (or of standard input).',
  options: { json: { type: 'boolean', description: 'print JSON instead of a table' } },
  async run({ values, args, io, read }) {
    const results = (await read(args)).map(({ file, text }) => ({ file, ...stats(text) }))
    if (values.json) io.stdout.write(JSON.stringify(results) + '\n')
    else for (const r of results) io.stdout.write([r.lines, r.words, r.characters, r.file].join('\t') + '\n')
    return 0
  },
}

module.exports = { command, stats }

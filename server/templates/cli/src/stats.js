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

module.exports = { stats }

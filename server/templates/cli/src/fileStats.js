'use strict'

const fs = require('node:fs/promises')
const path = require('node:path')
const { formatBytes } = require('./bytes')

/**
 * @typedef {object} PathStats
 * @property {string} path
 * @property {'file' | 'directory'} type
 * @property {number} bytes a file's size, or the sum of a directory's files
 * @property {number} files 1 for a file, or how many files a directory holds (in all its folders)
 * @property {number | null} lines a file's lines (null for a directory)
 * @property {string} modified when it last changed, in ISO 8601
 */

/**
 * The size, files, lines and last change of a file or a directory (all its folders counted;
 * links are not followed).
 * @param {string} target
 * @returns {Promise<PathStats>}
 */
async function statPath(target) {
  const info = await fs.lstat(target)
  if (info.isDirectory()) {
    let bytes = 0
    let files = 0
    for (const entry of await fs.readdir(target, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue
      const inner = await statPath(path.join(target, entry.name))
      bytes += inner.bytes
      files += inner.files
    }
    return { path: target, type: 'directory', bytes, files, lines: null, modified: info.mtime.toISOString() }
  }
  const text = await fs.readFile(target, 'utf8')
  const lines = text === '' ? 0 : text.split(/\r?\n/).length - (text.endsWith('\n') ? 1 : 0)
  return { path: target, type: 'file', bytes: info.size, files: 1, lines, modified: info.mtime.toISOString() }
}

/** @type {import('./cli').Command} */
const command = {
  usage: '[options] [path...]',
  about: 'Prints the size, number of files, lines and last change of each file or directory (the current one by default).',
  options: { json: { type: 'boolean', description: 'print JSON instead of a table' } },
  async run({ values, args, io }) {
    const results = await Promise.all((args.length > 0 ? args : ['.']).map(statPath))
    if (values.json) io.stdout.write(JSON.stringify(results) + '\n')
    else {
      for (const r of results) {
        const lines = r.lines === null ? r.files + ' files' : r.lines + ' lines'
        io.stdout.write([formatBytes(r.bytes).padStart(9), lines.padStart(12), r.modified, r.path].join('  ') + '\n')
      }
    }
    return 0
  },
}

module.exports = { command, statPath }

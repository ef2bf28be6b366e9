/**
 * Jest transform for the documentation pages: the same compiler as the webpack loader
 * (scripts/markdown/loader.ts), loaded through tsx. A test gets every field, including `html` and
 * `text`, whether it imports `x.md` or `x.md?search` (jest.config.js maps the latter to the file).
 */
const { createHash } = require('node:crypto')
const { readFileSync } = require('node:fs')
const path = require('node:path')
const { require: tsxRequire } = require('tsx/cjs/api')

const compilerPath = path.join(__dirname, 'compile.ts')
const { compileMarkdown } = tsxRequire('./compile.ts', __filename)
const compilerSource = readFileSync(compilerPath, 'utf8')

module.exports = {
  process(source, filename) {
    const doc = compileMarkdown(source, filename)
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(doc)} };\n` }
  },
  getCacheKey(source, filename) {
    return createHash('sha256').update(compilerSource).update('\0').update(filename).update('\0').update(source).digest('hex')
  },
}

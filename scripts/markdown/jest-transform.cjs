/**
 * Jest transform for the Markdown the site ships: the same compilers as the webpack loader
 * (scripts/markdown/loader.ts), loaded through tsx. A test gets every field of a documentation
 * page, including `html` and `text`, whether it imports `x.md` or `x.md?search` (jest.config.js
 * maps the latter to the file); a page of content/ gets `{ meta, html, sections }`.
 */
const { createHash } = require('node:crypto')
const { readFileSync } = require('node:fs')
const path = require('node:path')
const { require: tsxRequire } = require('tsx/cjs/api')

const { compileMarkdown } = tsxRequire('./compile.ts', __filename)
const { compileContent, isContentFile } = tsxRequire('./content.ts', __filename)
const compilerSources = ['compile.ts', 'content.ts', '../../contracts/docsSearch/passages.ts', '../../contracts/docsSearch/text.ts'].map((file) =>
  readFileSync(path.join(__dirname, file), 'utf8'),
)
// The placeholders are filled from the site's config, which the build settings can change.
const settings = JSON.stringify([process.env.PRODUCT_NAME, process.env.BRAND_NAME])

module.exports = {
  process(source, filename, options) {
    const doc = isContentFile(filename, options.config.rootDir) ? compileContent(source, filename) : compileMarkdown(source, filename)
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(doc)} };\n` }
  },
  getCacheKey(source, filename) {
    const hash = createHash('sha256')
    for (const compiler of compilerSources) hash.update(compiler).update('\0')
    return hash.update(settings).update('\0').update(filename).update('\0').update(source).digest('hex')
  },
}

/**
 * The client (`src/`) and the server (`server/`) meet only in `contracts/`: neither imports the
 * other, and contracts import neither. Relative paths and the `@/`, `@contracts/` aliases are
 * resolved to the folder they land in, so `../../../src/x` is caught as well as `@/x`.
 */
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')
const ALIASES = { '@/': 'src/', '@contracts/': 'contracts/', '@tests/': 'tests/' }
const FORBIDDEN = { server: ['src'], src: ['server'], contracts: ['src', 'server', 'tests'] }

const topFolder = (file) => path.relative(ROOT, file).split(path.sep)[0]

const targetFolder = (file, specifier) => {
  if (specifier.startsWith('.')) return topFolder(path.resolve(path.dirname(file), specifier))
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix))
  return alias ? ALIASES[alias].slice(0, -1) : undefined
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'src/ and server/ share code only through contracts/' },
    messages: { crossing: '{{from}}/ must not import {{to}}/: put what both sides need in contracts/.' },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const from = topFolder(file)
    const forbidden = FORBIDDEN[from]
    if (!forbidden) return {}
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return
      const to = targetFolder(file, source.value)
      if (to && forbidden.includes(to)) context.report({ node: source, messageId: 'crossing', data: { from, to } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

export default { rules: { boundaries: rule } }

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** The server's sources: server/src. */
export const SRC = path.resolve(__dirname, '../../src')

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm

const sourcesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourcesIn(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })

const resolveImport = (from: string, spec: string): string | undefined => {
  const base = path.resolve(path.dirname(from), spec)
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
}

/** Every source file under `SRC` (relative paths) with the source files it imports, type-only imports included. */
export const importGraph = (): Map<string, string[]> => {
  const graph = new Map<string, string[]>()
  for (const file of sourcesIn(SRC)) {
    const imports = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map(([, spec = '']) => resolveImport(file, spec))
      .filter((target): target is string => target !== undefined && target.startsWith(SRC))
      .map((target) => path.relative(SRC, target))
    graph.set(path.relative(SRC, file), [...new Set(imports)])
  }
  return graph
}

/** The module a file belongs to: its folder under server/src ('.' for the entry points at its top). */
export const moduleOf = (file: string): string => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.')

/** The cycles of a directed graph, each once, as the nodes around it (Tarjan's strongly connected components of more than one node, or a node importing itself). */
export const cyclesOf = (graph: ReadonlyMap<string, readonly string[]>): string[][] => {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()
        if (member === undefined) break
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return components
}

/** The graph of modules: which folder imports which (a folder's imports of itself left out). */
export const moduleGraph = (files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> => {
  const modules = new Map<string, Set<string>>()
  for (const [file, imports] of files) {
    const from = moduleOf(file)
    const targets = modules.get(from) ?? new Set<string>()
    for (const target of imports) if (moduleOf(target) !== from) targets.add(moduleOf(target))
    modules.set(from, targets)
  }
  return new Map([...modules].map(([module, targets]) => [module, [...targets].sort()]))
}

import type { Module, Stats } from 'webpack'

/**
 * Which npm packages each emitted file of a webpack build contains, read from the compilation's
 * chunk graph (concatenated modules are opened, so scope hoisting hides nothing).
 */
export interface ChunkInfo {
  /** Chunk names (empty for numbered chunks). */
  names: string[]
  id: string
  /** Emitted files, relative to the output path, e.g. `assets/main.0123456789.js`. */
  files: string[]
  initial: boolean
  /** npm package names of the chunk's modules (`@scope/name` or `name`). */
  packages: Set<string>
}

export interface BuildContents {
  chunks: ChunkInfo[]
  /** Emitted file → the chunks that emitted it. */
  chunksByFile: Map<string, ChunkInfo[]>
  /** Every package anywhere in the build. */
  packages: Set<string>
}

const NODE_MODULES = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/g

/** The package a module path belongs to: the last `node_modules/<name>` segment. */
export const packageOf = (resource: string): string | undefined => {
  let name: string | undefined
  for (const match of resource.matchAll(NODE_MODULES)) name = match[1]
  return name?.replace(/\\/g, '/')
}

const hasInnerModules = (module: Module): module is Module & { modules: Module[] } =>
  'modules' in module && Array.isArray((module as { modules?: unknown }).modules)

const collectPackages = (module: Module, into: Set<string>): void => {
  const resource = module.nameForCondition()
  const name = resource ? packageOf(resource) : undefined
  if (name) into.add(name)
  if (hasInnerModules(module)) for (const inner of module.modules) collectPackages(inner, into)
}

export const buildContents = (stats: Stats): BuildContents => {
  const { compilation } = stats
  const chunks: ChunkInfo[] = []
  const chunksByFile = new Map<string, ChunkInfo[]>()
  const packages = new Set<string>()
  for (const chunk of compilation.chunks) {
    const info: ChunkInfo = {
      names: chunk.name ? [chunk.name] : [],
      id: String(chunk.id),
      files: [...chunk.files],
      initial: chunk.canBeInitial(),
      packages: new Set<string>(),
    }
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) collectPackages(module, info.packages)
    for (const name of info.packages) packages.add(name)
    for (const file of info.files) chunksByFile.set(file, [...(chunksByFile.get(file) ?? []), info])
    chunks.push(info)
  }
  return { chunks, chunksByFile, packages }
}

/** The chunks holding any of the given packages. */
export const chunksWith = (contents: BuildContents, names: readonly string[]): ChunkInfo[] =>
  contents.chunks.filter((chunk) => names.some((name) => chunk.packages.has(name)))

export const chunkLabel = (chunk: ChunkInfo): string => (chunk.names.length > 0 ? chunk.names.join(',') : `#${chunk.id}`)

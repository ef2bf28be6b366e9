import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { cyclesOf, importGraph, moduleGraph, moduleOf, SRC } from './imports'

// The layout the README describes: one folder per module, and no import that goes round in a
// circle, between files or between folders (a folder that imports one that imports it back is
// one module cut in two, or two modules that cannot be understood apart).
describe('the server’s layout', () => {
  const files = importGraph()

  it('reads every source file and resolves imports between folders', () => {
    expect(files.size).toBeGreaterThan(100)
    expect(files.get('builds/plugin.ts')).toEqual(expect.arrayContaining(['builds/service.ts', 'pipeline/runner.ts']))
  })

  it('has no import cycle between files', () => {
    expect(cyclesOf(files)).toEqual([])
  })

  it('has no import cycle between folders', () => {
    expect(cyclesOf(moduleGraph(files))).toEqual([])
  })

  it('finds a cycle where there is one (the check itself)', () => {
    const graph = new Map([
      ['a/x.ts', ['b/y.ts']],
      ['b/y.ts', ['c/z.ts']],
      ['c/z.ts', ['a/w.ts']],
      ['a/w.ts', []],
    ])
    expect(cyclesOf(graph)).toEqual([])
    expect(cyclesOf(moduleGraph(graph))).toEqual([['a', 'b', 'c']])
  })

  it('keeps only the build service, its plugin, repository, reply and admission (the queue) in builds/', () => {
    expect(readdirSync(path.join(SRC, 'builds')).sort()).toEqual(['admission.ts', 'buildRepository.ts', 'plugin.ts', 'reply.ts', 'service.ts'])
  })

  it.each([
    ['pipeline', ['stages.ts', 'runner.ts', 'state.ts', 'offlineStages.ts', 'modelStages.ts', 'qa.ts', 'gates/approvals.ts', 'gates/approvalRepository.ts', 'gates/demoApproval.ts']],
    ['generation', ['understand/index.ts', 'understand/lexicon.ts', 'intent.ts', 'classify.ts', 'templates/index.ts', 'archive.ts']],
    ['devloop', ['loop.ts', 'tools.ts']],
    ['sandbox', ['workspace.ts', 'run.ts', 'testReport.ts']],
    ['agentLogs', ['agentLogRepository.ts', 'demoLogs.ts']],
    ['sessions', ['plugin.ts', 'owner.ts', 'sessionOwners.ts', 'socketPolicy.ts']],
  ])('has the module %s holding what its name says', (module, expected) => {
    for (const file of expected) expect(files.has(`${module}/${file}`)).toBe(true)
  })

  // Each table is written by the module that owns it; another module asks that one (a port it is
  // given, such as chat's ConversationBuilds or the pipeline's BuildRecords). Reading a table in a
  // join is allowed. db/ is exempt: its retention sweep deletes old rows of every table, and it keeps which demo rows were seeded.
  it('writes each table from one module only', () => {
    const WRITE = /\binsert\s+into\s+([a-z_]+)\b|\bupdate\s+([a-z_]+)\s+set\b|\bdelete\s+from\s+([a-z_]+)\b/gi
    const writers = new Map<string, Set<string>>()
    for (const file of files.keys()) {
      const module = moduleOf(file)
      if (module === 'db' || module === '.') continue
      for (const [, inserted, updated, deleted] of readFileSync(path.join(SRC, file), 'utf8').matchAll(WRITE)) {
        const table = inserted ?? updated ?? deleted ?? ''
        writers.set(table, (writers.get(table) ?? new Set()).add(module))
      }
    }
    const shared = [...writers].filter(([, modules]) => modules.size > 1).map(([table, modules]) => `${table}: ${[...modules].sort().join(', ')}`)
    expect(shared).toEqual([])
    expect(writers.get('builds')).toEqual(new Set(['builds']))
  })
})

import { link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { ProjectFile } from '../../src/generation/archive'
import { Workspace, WorkspaceError } from '../../src/sandbox/workspace'

// The project folder that the development loop writes through and the sandbox runs tests in.
describe('the workspace', () => {
  const created: string[] = []
  afterAll(async () => {
    await Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })))
  })
  const workspace = async (files: ProjectFile[] = [{ path: 'a.txt', content: 'a' }], limits = {}) => {
    const made = await Workspace.create(files, { limits })
    created.push(made.root)
    return made
  }
  const refusal = async (promise: Promise<unknown>): Promise<string> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(WorkspaceError)
    return (error as WorkspaceError).message
  }

  it('refuses paths that are not plain relative paths', async () => {
    const ws = await workspace()
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['/etc/passwd', /absolute/],
      ['../x', /leaves the project folder/],
      ['a/../../x', /leaves the project folder/],
      ['./a.txt', /empty or "\." part/],
      ['a//b', /empty or "\." part/],
      ['a/', /empty or "\." part/],
      ['a\\b', /backslash/],
      ['a\0b', /NUL/],
      [`${'a'.repeat(201)}`, /too long/],
      ['node_modules/x.js', /node_modules/],
      ['.git/config', /\.git/],
      ['a/b/c/d/e/f/g/h.js', /too deep/],
      ['with space.js', /not allowed/],
      ['C:/x.js', /not allowed/],
    ]
    for (const [name, pattern] of cases) expect(await refusal(ws.write(name, 'x'))).toMatch(pattern)
    expect(await ws.list()).toEqual(['a.txt'])
  })

  it('writes, creating folders, reads, deletes (removing emptied folders) and keeps modes', async () => {
    const ws = await workspace([
      { path: 'bin/run.js', content: '#!/usr/bin/env node\n', executable: true },
      { path: 'package.json', content: '{"name":"x","dependencies":{}}' },
    ])
    expect(await ws.write('src/deep/er/file.js', 'one')).toBe(true)
    expect(await ws.write('src/deep/er/file.js', 'one')).toBe(false)
    expect(await ws.read('src/deep/er/file.js')).toBe('one')
    expect(await ws.write('bin/run.js', '#!/usr/bin/env node\nconsole.log(1)\n')).toBe(true)
    expect(await ws.list()).toEqual(['bin/run.js', 'package.json', 'src/deep/er/file.js'])
    const snapshot = await ws.snapshot()
    expect(snapshot.find((file) => file.path === 'bin/run.js')).toEqual({ path: 'bin/run.js', content: '#!/usr/bin/env node\nconsole.log(1)\n', executable: true })
    expect(snapshot.find((file) => file.path === 'package.json')?.executable).toBeUndefined()
    await ws.delete('src/deep/er/file.js')
    expect(await readdir(ws.root)).toEqual(['bin', 'package.json'])
    expect(await refusal(ws.delete('src/deep/er/file.js'))).toMatch(/There is no file/)
    expect(await refusal(ws.read('bin'))).toMatch(/is a folder/)
    expect(await refusal(ws.write('bin', 'x'))).toMatch(/is a folder/)
    expect(await refusal(ws.write('package.json/x', 'x'))).toMatch(/is a file, not a folder/)
  })

  it('holds to its limits: file size, number of files, total bytes', async () => {
    const ws = await workspace([{ path: 'a.txt', content: 'a' }], { fileBytes: 10, files: 2, totalBytes: 15 })
    expect(await refusal(ws.write('big.txt', 'x'.repeat(11)))).toMatch(/too big: 11 bytes, at most 10/)
    expect(await refusal(ws.write('big.txt', 'é'.repeat(6)))).toMatch(/too big: 12 bytes/)
    await ws.write('b.txt', 'x'.repeat(10))
    expect(await refusal(ws.write('c.txt', 'c'))).toMatch(/Too many files: the project may hold at most 2/)
    expect(await refusal(ws.write('a.txt', 'x'.repeat(6)))).toMatch(/too big: 16 bytes in all, at most 15/)
    await ws.write('a.txt', 'x'.repeat(5))
    await expect(Workspace.create([{ path: '../x', content: '' }])).rejects.toThrow(WorkspaceError)
  })

  it('never writes through a link or a hard link, nor lists or archives them', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'overseer-outside-'))
    created.push(outside)
    await writeFile(path.join(outside, 'target.txt'), 'outside')
    const ws = await workspace()
    await link(path.join(outside, 'target.txt'), path.join(ws.root, 'hard.txt'))
    await symlink(path.join(outside, 'target.txt'), path.join(ws.root, 'soft.txt'))
    await symlink(outside, path.join(ws.root, 'dir'))
    await mkdir(path.join(ws.root, 'node_modules'))
    await writeFile(path.join(ws.root, 'node_modules', 'x.js'), '')
    await promisify(execFile)('mkfifo', [path.join(ws.root, 'pipe')])

    expect(await ws.list()).toEqual(['a.txt', 'hard.txt'])
    await ws.write('hard.txt', 'replaced')
    expect(await readFile(path.join(outside, 'target.txt'), 'utf8')).toBe('outside')
    expect(await ws.read('hard.txt')).toBe('replaced')
    expect(await refusal(ws.write('soft.txt', 'x'))).toMatch(/symbolic link/)
    expect(await refusal(ws.read('dir/target.txt'))).toMatch(/"dir" is a symbolic link/)
    expect(await refusal(ws.write('dir/new.txt', 'x'))).toMatch(/symbolic link/)
    expect(await refusal(ws.read('pipe'))).toMatch(/not a regular file/)
    expect(await readdir(outside)).toEqual(['target.txt'])
    expect((await ws.snapshot()).map((file) => file.path)).toEqual(['a.txt', 'hard.txt'])
  })

  it('refuses to read a file a test run made too big, or binary', async () => {
    const ws = await workspace([{ path: 'a.txt', content: 'a' }], { fileBytes: 10 })
    await writeFile(path.join(ws.root, 'log.txt'), 'x'.repeat(11))
    await writeFile(path.join(ws.root, 'data.bin'), Buffer.from([1, 0, 2]))
    expect(await refusal(ws.read('log.txt'))).toMatch(/too big to read/)
    expect(await refusal(ws.read('data.bin'))).toMatch(/binary/)
    expect(await refusal(ws.snapshot())).toMatch(/"log.txt" is too big/)
  })
})

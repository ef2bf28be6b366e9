import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { TEMPLATES } from '../../src/generation/templates'
import { understand } from '../../src/generation/understand'
import { installAdvice } from '../../src/sandbox/install'
import { Workspace } from '../../src/sandbox/workspace'
import { createSandbox, parseTestOutput, SANDBOX_MESSAGES, SandboxUnavailable, type Sandbox, type SandboxLimits } from '../../src/sandbox'

const LIMITS: SandboxLimits = { wallMs: 20_000, cpuSeconds: 10, memoryMb: 256, diskMb: 64, processes: 128, outputBytes: 16 * 1024 }

let work: string
let sandbox: Sandbox

/** A project whose `npm test` runs `script` (CommonJS). */
const project = async (script: string, extra: Record<string, string> = {}): Promise<string> => {
  const dir = await mkdtemp(path.join(work, 'project-'))
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'probe', private: true, scripts: { test: 'node probe.js' } }))
  await writeFile(path.join(dir, 'probe.js'), script)
  for (const [name, content] of Object.entries(extra)) await writeFile(path.join(dir, name), content)
  return dir
}

/**
 * Processes still running as one of this process's sandbox users (zombies have ended). A root
 * server's runs use ids from 200,000, this process's from 200,000 + (pid × 97 mod 50,000) on, one
 * per run (fewer than 64 here): other test processes on the machine, whose sandboxes may run
 * meanwhile, use other ids.
 */
const leftovers = async (): Promise<number[]> => {
  const first = (process.pid * 97) % 50_000
  const ours = (uid: number) => uid >= 200_000 && uid < 250_000 && (uid - 200_000 - first + 50_000) % 50_000 < 64
  const found: number[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '')
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1])
    if (ours(uid) && !/^State:\s+Z/m.test(status)) found.push(Number(entry))
  }
  return found
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'overseer-sandbox-'))
  sandbox = await createSandbox('bwrap', LIMITS)
})

afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('the build sandbox (bubblewrap)', () => {
  it('is available on this machine (the test command installs bubblewrap)', () => {
    expect([sandbox.mode, sandbox.problem]).toEqual(['bwrap', undefined])
  })

  it.each([
    ['library', 'Build a library to format prices'],
    ['http-api', 'Build a REST API for a bookstore with books and authors'],
    ['cli', 'a CLI that converts CSV to JSON'],
    ['web-app', 'an app to track expenses and categories'],
  ] as const)("runs a generated %s's own tests and reads their counts", async (kind, request) => {
    const understanding = understand(request, kind)
    const workspace = await Workspace.create(TEMPLATES[kind].files({ kind, slug: understanding.slug, title: understanding.name, request, understanding }), {
      dir: path.join(work, kind),
    })
    const report = await sandbox.runTests(workspace.root)
    expect({ ok: report.ok, failed: report.failed, stopped: report.stopped }).toEqual({ ok: true, failed: 0, stopped: undefined })
    expect(report.passed).toBeGreaterThan(0)
  })

  it('reports failing tests by name', async () => {
    const dir = await project(
      "const test = require('node:test'); const assert = require('node:assert');\ntest('adds', () => assert.equal(1 + 1, 2));\ntest('subtracts', () => assert.equal(2 - 1, 3));\n",
    )
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', private: true, scripts: { test: 'node --test probe.js' } }))
    const report = await sandbox.runTests(dir)
    expect({ ok: report.ok, passed: report.passed, failed: report.failed }).toEqual({ ok: false, passed: 1, failed: 1 })
    expect(report.failing).toContain('subtracts')
  })

  it('has no network: a connection to a port the test opens on 127.0.0.1 never arrives', async () => {
    let connections = 0
    const server: Server = createServer((socket) => {
      connections += 1
      socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      const dir = await project(`
const net = require('node:net')
const socket = net.connect(${port}, '127.0.0.1')
socket.on('connect', () => { console.log('CONNECTED'); process.exit(0) })
socket.on('error', (error) => { console.log('REFUSED ' + error.code); process.exit(1) })
`)
      const report = await sandbox.runTests(dir)
      expect(report.output).toMatch(/REFUSED (ECONNREFUSED|ENETUNREACH)/)
      expect(report.output).not.toContain('CONNECTED')
      expect(connections).toBe(0)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('writes nowhere but the project: not by absolute path, not by .., not through a symlink', async () => {
    const outside = await mkdtemp(path.join(work, 'outside-'))
    const dir = await project(
      `
const fs = require('node:fs')
const attempts = { absolute: ${JSON.stringify(path.join(outside, 'absolute.txt'))}, dotdot: '../dotdot.txt', symlink: 'link/symlink.txt', system: '/usr/pwned.txt' }
for (const [name, target] of Object.entries(attempts)) {
  try { fs.writeFileSync(target, 'x'); console.log('WROTE ' + name) } catch (error) { console.log('REFUSED ' + name + ' ' + error.code) }
}
fs.writeFileSync('inside.txt', 'kept')
console.log('INSIDE ' + fs.readFileSync('inside.txt', 'utf8'))
`,
    )
    await symlink(outside, path.join(dir, 'link'))
    const report = await sandbox.runTests(dir)
    expect(report.output).not.toContain('WROTE')
    expect(await readdir(outside)).toEqual([])
    expect(existsSync(path.join(path.dirname(dir), 'dotdot.txt'))).toBe(false)
    expect(existsSync('/usr/pwned.txt')).toBe(false)
    expect(report.output).toContain('INSIDE kept')
    // A run works on a copy: the project itself is as it was.
    expect(existsSync(path.join(dir, 'inside.txt'))).toBe(false)
  })

  it('does not see the server environment', async () => {
    process.env.OVERSEER_SANDBOX_SECRET = 'do-not-leak'
    try {
      const report = await sandbox.runTests(await project("console.log('SECRET=' + (process.env.OVERSEER_SANDBOX_SECRET ?? 'none'))"))
      expect(report.output).toContain('SECRET=none')
    } finally {
      delete process.env.OVERSEER_SANDBOX_SECRET
    }
  })

  it('stops a fork bomb: the process limit holds and nothing survives the run', async () => {
    // The wall time is the usual one: on a busy machine a bomb at the sandbox's low priority takes
    // a while to fill the process table. The test ends when a fork is refused, not at a time.
    const bomb = await createSandbox('bwrap', { ...LIMITS, processes: 64 })
    const dir = await project(
      [
        "const bomb = require('node:child_process').spawn('sh', ['-c', 'bomb() { bomb | bomb & }; bomb; wait'], { stdio: ['ignore', 'inherit', 'pipe'] })",
        "bomb.stderr.on('data', (chunk) => { process.stderr.write(chunk); if (String(chunk).includes('Cannot fork')) { console.log('FORK REFUSED'); process.exit(1) } })",
      ].join('\n'),
    )
    const report = await bomb.runTests(dir)
    // The process limit refuses the forks beyond it; the run ends with its test, and takes the bomb with it.
    expect(report.output).toContain('FORK REFUSED')
    expect({ ok: report.ok, stopped: report.stopped }).toEqual({ ok: false, stopped: undefined })
    expect(await leftovers()).toEqual([])
  })

  it('runs below the server in CPU priority: each process, and its whole session where the kernel schedules by session', async () => {
    const probe = await project(
      "const fs = require('fs'); const os = require('os');" +
        "const group = fs.existsSync('/proc/self/autogroup') ? fs.readFileSync('/proc/self/autogroup', 'utf8').trim() : 'none';" +
        "console.log(`priority ${os.getPriority()}; session ${group}`)",
    )
    const report = await sandbox.runTests(probe)
    expect(report.output).toContain('priority 10;')
    if (existsSync('/proc/self/autogroup')) {
      // Autogroup: a process's nice counts only within its session; the session's own nice sets it apart from the server's.
      expect(report.output).toMatch(/session \/autogroup-\d+ nice 10/)
      expect(await readFile('/proc/self/autogroup', 'utf8')).not.toContain('nice 10')
    }
  })

  it('stops an endless loop: at its CPU limit, and at the wall time', async () => {
    const loop = "console.log('looping'); for (;;) {}"
    const byCpu = await (await createSandbox('bwrap', { ...LIMITS, cpuSeconds: 1, wallMs: 30_000 })).runTests(await project(loop))
    expect(byCpu.ok).toBe(false)
    expect(byCpu.stopped).toBeUndefined()
    expect(byCpu.durationMs).toBeLessThan(15_000)

    const byWall = await (await createSandbox('bwrap', { ...LIMITS, cpuSeconds: 60, wallMs: 1_500 })).runTests(await project(loop))
    expect(byWall.stopped).toBe('time')
    expect(byWall.output).toContain(SANDBOX_MESSAGES.timedOut(2))
    expect(await leftovers()).toEqual([])
  })

  it('stops a memory hog', async () => {
    const hog = await createSandbox('bwrap', { ...LIMITS, memoryMb: 128 })
    const report = await hog.runTests(await project("const kept = []; for (;;) kept.push(Buffer.alloc(8 * 1024 * 1024, 1))"))
    expect(report.ok).toBe(false)
    expect(report.stopped).toBe('memory')
    expect(report.output).toContain(SANDBOX_MESSAGES.memory(128))
    expect(report.durationMs).toBeLessThan(15_000)
    expect(await leftovers()).toEqual([])
  })

  /** A test that writes `target` in 4 MiB chunks up to `mb` MiB (or until refused), printing what it wrote; then waits, as a test suite still running would. */
  const filler = (target: string, mb: number, linger = true) => `
const fs = require('node:fs')
process.on('SIGXFSZ', () => {})
const chunk = Buffer.alloc(4 * 1024 * 1024, 1)
const fd = fs.openSync(${JSON.stringify(target)}, 'w')
let written = 0
try { while (written < ${mb} * 1024 * 1024) written += fs.writeSync(fd, chunk) } catch (error) { console.log('REFUSED ' + error.code) }
console.log('WROTE ' + written)
${linger ? 'setTimeout(() => {}, 30000)' : ''}
`

  it.each([
    ['/tmp', '/tmp/fill.bin'],
    ['the project folder', 'fill.bin'],
  ])('stops a run that writes more than its disk limit to %s, saying why', async (_where, target) => {
    const report = await sandbox.runTests(await project(filler(target, 200)))
    expect(report.ok).toBe(false)
    expect(report.stopped).toBe('disk')
    expect(report.output).toContain(SANDBOX_MESSAGES.disk(LIMITS.diskMb))
    // Stopped at once, not at the wall time the test would have run to.
    expect(report.durationMs).toBeLessThan(10_000)
    expect(await leftovers()).toEqual([])
  })

  it('counts the project folder and /tmp together, and a run that ends at once after going over', async () => {
    const report = await sandbox.runTests(
      await project(`
const fs = require('node:fs')
const chunk = Buffer.alloc(1024 * 1024, 1)
for (const target of ['half.bin', '/tmp/half.bin']) {
  const fd = fs.openSync(target, 'w')
  try { for (let i = 0; i < 40; i++) fs.writeSync(fd, chunk) } catch (error) { console.log('REFUSED ' + target + ' ' + error.code) }
}
`),
    )
    // 40 MiB in each is within the limit alone, over it together (64 MiB), and the run ends at once: seen at its end if not before.
    expect(report.output).not.toContain('REFUSED')
    expect(report.stopped).toBe('disk')
    expect(report.output).toContain(SANDBOX_MESSAGES.disk(LIMITS.diskMb))
  })

  it('counts what a run wrote to its tmpfs as memory', async () => {
    const tight = await createSandbox('bwrap', { ...LIMITS, memoryMb: 96, diskMb: 200 })
    const report = await tight.runTests(await project(filler('/tmp/fill.bin', 150)))
    expect(report.stopped).toBe('memory')
    expect(report.output).toContain(SANDBOX_MESSAGES.memory(96))
    expect(report.durationMs).toBeLessThan(10_000)
  })

  it('lets a run write within its disk limit, and /dev/shm not at all', async () => {
    const report = await sandbox.runTests(
      await project(`
${filler('/tmp/small.bin', 16, false)}
for (const target of ['/dev/shm/x', '/dev/x']) {
  try { fs.writeFileSync(target, 'x'); console.log('WROTE ' + target) } catch (error) { console.log('REFUSED ' + target + ' ' + error.code) }
}
fs.writeFileSync('/dev/null', 'x')
console.log('NULL ok')
`),
    )
    expect(report.output).toContain(`WROTE ${16 * 1024 * 1024}`)
    expect(report.output).toContain('REFUSED /dev/shm/x EROFS')
    expect(report.output).toContain('REFUSED /dev/x EROFS')
    expect(report.output).toContain('NULL ok')
    expect({ exitCode: report.exitCode, stopped: report.stopped }).toEqual({ exitCode: 0, stopped: undefined })
  })

  it('refuses a nested user namespace: `unshare -Ur` gains no root inside', async () => {
    const report = await sandbox.runTests(
      await project(`
const { spawnSync } = require('node:child_process')
const result = spawnSync('unshare', ['-Ur', 'id', '-u'], { encoding: 'utf8' })
console.log('UNSHARE status=' + result.status + ' out=' + JSON.stringify(result.stdout.trim()) + ' err=' + JSON.stringify(result.stderr.trim()))
`),
    )
    expect(report.output).toMatch(/UNSHARE status=1 out="" err=".*unshare failed/)
    expect(report.output).not.toContain('out="0"')
  })

  it('cuts huge output, keeping its tail', async () => {
    const report = await sandbox.runTests(await project("for (let i = 0; i < 200000; i++) console.log('line ' + i + ' ' + 'x'.repeat(40)); console.log('THE END')"))
    expect(report.truncated).toBe(true)
    expect(Buffer.byteLength(report.output)).toBeLessThan(LIMITS.outputBytes + 200)
    expect(report.output).toMatch(/^\[… [\d,]+ bytes of output cut …\]/)
    expect(report.output).toContain('THE END')
  })

  it('stops when its signal aborts', async () => {
    const controller = new AbortController()
    const running = sandbox.runTests(await project("console.log('started'); setInterval(() => {}, 1000)"), controller.signal)
    controller.abort()
    const report = await running
    expect(report.stopped).toBe('aborted')
    expect(report.ok).toBe(false)
  })

  it('runs when its folder was first made under a strict umask (700)', async () => {
    // As the default folder is: in a folder anyone may traverse (the system's temporary folder).
    const parent = await mkdtemp(path.join(tmpdir(), 'overseer-strict-'))
    try {
      await chmod(parent, 0o711)
      const base = path.join(parent, 'overseer-sandbox')
      await mkdir(base, { mode: 0o700 })
      await chmod(base, 0o700)
      const strict = await createSandbox('bwrap', LIMITS, base)
      expect(strict.problem).toBeUndefined()
      const report = await strict.runTests(await project("console.log('ran')"))
      expect(report.output).toContain('ran')
      expect(report.exitCode).toBe(0)
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  })

  it('is unavailable without bwrap: it says why and runs nothing', async () => {
    const empty = await mkdtemp(path.join(work, 'path-'))
    const saved = process.env.PATH
    process.env.PATH = empty
    try {
      const missing = await createSandbox('bwrap', LIMITS)
      // As root here, setpriv is needed too; apt-get is looked for where Debian puts it, so the line says what to run.
      const advice = installAdvice(['bubblewrap', 'util-linux'], { root: process.getuid?.() === 0, aptGet: existsSync('/usr/bin/apt-get') })
      const missingCommands = process.getuid?.() === 0 ? ['bwrap', 'prlimit', 'setpriv'] : ['bwrap', 'prlimit']
      expect([missing.mode, missing.problem]).toEqual(['unavailable', SANDBOX_MESSAGES.missing(missingCommands as ['bwrap'], advice)])
      expect(missing.problem).toContain(existsSync('/usr/bin/apt-get') ? `run \`${process.getuid?.() === 0 ? '' : 'sudo '}apt-get install -y bubblewrap util-linux\`` : 'with this system')
      const marker = path.join(work, 'never-ran')
      await expect(missing.runTests(await project(`require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`))).rejects.toBeInstanceOf(SandboxUnavailable)
      expect(existsSync(marker)).toBe(false)
    } finally {
      process.env.PATH = saved
    }
  })
})

describe('parseTestOutput', () => {
  it('reads the summary and the failing names of TAP output', () => {
    const output = [
      '# Subtest: /project/test/a.test.js',
      '    # Subtest: adds',
      '    ok 1 - adds',
      '    # Subtest: subtracts',
      '    not ok 2 - subtracts',
      'not ok 1 - /project/test/a.test.js',
      'ok 2 - skipped one # SKIP',
      '# pass 1',
      '# fail 1',
    ].join('\n')
    expect(parseTestOutput(output)).toEqual({ passed: 1, failed: 1, failing: ['subtracts', '/project/test/a.test.js'] })
  })

  it('counts lines when the run ended before its summary', () => {
    expect(parseTestOutput('ok 1 - a\nok 2 - b\nnot ok 3 - c\n')).toEqual({ passed: 2, failed: 1, failing: ['c'] })
  })
})

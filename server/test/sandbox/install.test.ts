import { execFile } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { SANDBOX_MESSAGES } from '../../src/sandbox'
import { ENSURE_PACKAGES_ARGV, installAdvice, installCommand, missingCommands, missingProblem, packagesFor, planInstall, type MachineFacts } from '../../src/sandbox/install'

const run = promisify(execFile)
const SCRIPTS = path.resolve(__dirname, '../../../scripts')

let work: string

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'overseer-install-'))
})

afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

/** A folder of executables named `commands`, each a shell script with `body`. */
const folderWith = async (name: string, commands: readonly string[], body = 'exit 0'): Promise<string> => {
  const dir = path.join(work, name)
  await run('mkdir', ['-p', dir])
  for (const command of commands) {
    await writeFile(path.join(dir, command), `#!/bin/sh\n${body}\n`)
    await chmod(path.join(dir, command), 0o755)
  }
  return dir
}

describe('what `npm start` does about the sandbox', () => {
  const machine = (facts: Partial<MachineFacts>): MachineFacts => ({ sandbox: 'bwrap', missing: ['bwrap'], root: false, aptGet: true, sudo: false, ...facts })

  it('installs with the tests\' own script (server packages only) as root, or with sudo that asks no password, when apt-get is there', () => {
    expect(planInstall(machine({ root: true }), SCRIPTS)).toEqual({ action: 'install', packages: ['bubblewrap'], argv: ['bash', path.join(SCRIPTS, 'ensure-packages.sh'), '--server'] })
    expect(planInstall(machine({ sudo: true, missing: ['bwrap', 'prlimit', 'setpriv'] }), SCRIPTS)).toEqual({
      action: 'install',
      packages: ['bubblewrap', 'util-linux'],
      argv: ENSURE_PACKAGES_ARGV(SCRIPTS),
    })
  })

  it('says the one command to run when it cannot install: sudo without root, no command without apt-get', () => {
    expect(planInstall(machine({}), SCRIPTS)).toEqual({ action: 'tell', packages: ['bubblewrap'], advice: 'run `sudo apt-get install -y bubblewrap`' })
    expect(planInstall(machine({ root: true, aptGet: false, missing: ['bwrap', 'prlimit'] }), SCRIPTS)).toEqual({
      action: 'tell',
      packages: ['bubblewrap', 'util-linux'],
      advice: "install bubblewrap and util-linux (their Debian names) with this system's package manager",
    })
  })

  it('does nothing when all is there, or with BUILD_SANDBOX=none', () => {
    expect(planInstall(machine({ missing: [], root: true }), SCRIPTS)).toEqual({ action: 'none' })
    expect(planInstall(machine({ sandbox: 'none', root: true }), SCRIPTS)).toEqual({ action: 'none' })
  })

  it('names each package once, and the command with sudo only when not root', () => {
    expect(packagesFor(['setpriv', 'bwrap', 'prlimit'])).toEqual(['bubblewrap', 'util-linux'])
    expect(installCommand(['bubblewrap'], { root: true, aptGet: true })).toBe('apt-get install -y bubblewrap')
    expect(installCommand(['bubblewrap'], { root: false, aptGet: true })).toBe('sudo apt-get install -y bubblewrap')
    expect(installCommand(['bubblewrap'], { root: false, aptGet: false })).toBeUndefined()
    expect(installAdvice(['bubblewrap'], { root: false, aptGet: false })).toBe("install bubblewrap (its Debian name) with this system's package manager")
  })

  it('finds the missing commands on PATH; setpriv only for a root server', async () => {
    const some = await folderWith('some', ['prlimit'])
    expect(missingCommands(false, some)).toEqual(['bwrap'])
    expect(missingCommands(true, some)).toEqual(['bwrap', 'setpriv'])
    const all = await folderWith('all', ['bwrap', 'prlimit', 'setpriv'])
    expect(missingCommands(true, all)).toEqual([])
    expect(missingProblem(all, true)).toBeUndefined()
  })

  it('says in one line what is missing and exactly what to run (the line said at start and in a build reply)', async () => {
    const problem = missingProblem(await folderWith('none', []), false)
    expect(problem).toBeDefined()
    const line = SANDBOX_MESSAGES.missing(problem?.missing ?? [], problem?.advice ?? '')
    expect(line).not.toContain('\n')
    // apt-get is looked for where Debian puts it (this machine is Debian), whatever PATH says.
    expect(line).toBe(
      'The sandbox generated code runs in is not installed (bwrap, prlimit missing), so that code cannot be run safely: run `sudo apt-get install -y bubblewrap util-linux`, or set BUILD_SANDBOX=none on a trusted single-user machine (unsafe).',
    )
  })
})

describe('scripts/ensure-packages.sh --server', () => {
  it('installs only what the server needs (bubblewrap, util-linux), never Chromium', async () => {
    // A PATH without bwrap: apt-get, sudo and id are stand-ins that record what they were asked.
    const calls = path.join(work, 'calls.log')
    const bin = await folderWith('apt', ['apt-get', 'sudo'], `echo "\${0##*/} $*" >> ${calls}`)
    await writeFile(path.join(bin, 'id'), '#!/bin/sh\necho 1000\n')
    await chmod(path.join(bin, 'id'), 0o755)
    const system = await folderWith('system', ['prlimit', 'setpriv'])
    await run('/bin/bash', [path.join(SCRIPTS, 'ensure-packages.sh'), '--server'], { env: { PATH: `${bin}:${system}` } })
    const recorded = await readFile(calls, 'utf8')
    expect(recorded.trim().split('\n')).toEqual(['sudo -n apt-get update -qq', 'sudo -n apt-get install -y -qq bubblewrap'])
  })
})

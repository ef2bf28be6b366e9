import { chmod, chown, cp, lchown, lstat, mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { missingProblem, type SandboxCommand } from './install'
import { RUN_NICE, runLimited, type Command } from './run'
import { parseTestOutput } from './testReport'
import { SandboxUnavailable, type RunResult, type Sandbox, type SandboxLimits, type SandboxMode, type ServeRun, type StopReason, type TestReport } from './types'

export { SandboxUnavailable, parseTestOutput }
export type { RunResult, Sandbox, SandboxLimits, SandboxMode, ServeRun, TestReport }

/** A test run's CPU priority below the server's, so that the server's own answers come first (runLimited lowers its session's too). */
const NICE: [string, ...string[]] = ['nice', '-n', String(RUN_NICE)]

/** Where the project is inside the sandbox: a tmpfs the project's copy is copied into from SOURCE_MOUNT before the command starts. */
export const PROJECT_MOUNT = '/project'
/**
 * The sandbox's writable places: the project's copy and /tmp, each a tmpfs of SANDBOX_DISK_MB
 * (and a little more, so that going over is seen). What they hold together is counted as disk
 * and as memory, and a run over the limit is stopped; the rest of the sandbox is read-only,
 * /dev/shm included.
 */
const WRITABLE_MOUNTS = [PROJECT_MOUNT, '/tmp'] as const
/** The project's staged copy, read-only. */
const SOURCE_MOUNT = '/source'
/** What each tmpfs holds beyond SANDBOX_DISK_MB: a run that writes past the limit into one fills it, and is seen over the limit. */
const DISK_MARGIN_BYTES = 1024 * 1024

/** Top-level system folders shown read-only (or as the symlinks they are, on a merged /usr). */
const SYSTEM_PATHS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc']

/** The unprivileged user ids a root server runs sandboxes as (one per run, so process limits count that run alone). */
const UID_BASE = 200_000
const UID_SPAN = 50_000
let nextUid = 0
const sandboxUid = (): number => UID_BASE + ((process.pid * 97 + nextUid++) % UID_SPAN)

export const SANDBOX_MESSAGES = {
  /** `missing` commands, and what to do (installAdvice): the one line said at start and in a build's reply. */
  missing: (missing: readonly SandboxCommand[], advice: string) =>
    `The sandbox generated code runs in is not installed (${missing.join(', ')} missing), so that code cannot be run safely: ${advice}, or set BUILD_SANDBOX=none on a trusted single-user machine (unsafe).`,
  broken: (reason: string) => `bubblewrap (bwrap) cannot start a sandbox here (${reason}): generated code cannot be run safely.`,
  unsafe: 'BUILD_SANDBOX=none: generated code runs unconfined on this machine (unsafe; for a trusted single-user machine only).',
  timedOut: (seconds: number) => `The tests did not finish within ${seconds} seconds and were stopped.`,
  memory: (mb: number) => `The tests used more than ${mb} MiB of memory and were stopped.`,
  disk: (mb: number) => `The tests wrote more than ${mb} MiB to disk and were stopped.`,
} as const

/** The binds that show the system read-only: real folders bound, symlinks (merged /usr) recreated. */
const systemBinds = async (): Promise<string[]> => {
  const args: string[] = []
  for (const folder of SYSTEM_PATHS) {
    const stats = await lstat(folder).catch(() => undefined)
    if (!stats) continue
    if (stats.isSymbolicLink()) args.push('--symlink', await readlink(folder), folder)
    else if (stats.isDirectory()) args.push('--ro-bind', folder, folder)
  }
  // Node.js installed outside the system folders (nvm, a tarball in /opt): shown read-only too.
  const prefix = path.dirname(path.dirname(await realpath(process.execPath)))
  if (!SYSTEM_PATHS.some((folder) => prefix === folder || prefix.startsWith(`${folder}/`))) args.push('--ro-bind', prefix, prefix)
  return args
}

/** The processes of `uid`, as /proc tells them: pid, threads, and whether it has ended (a zombie, only its parent's wait missing). */
const processesOf = async (uid: number): Promise<{ pid: number; threads: number; ended: boolean }[]> => {
  const found: { pid: number; threads: number; ended: boolean }[] = []
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '')
    if (Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) !== uid) continue
    found.push({ pid: Number(entry), threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1), ended: /^State:\s+Z/m.test(status) })
  }
  return found
}

/**
 * Ends every process of a run's user and waits until none is left: a run is over only when its
 * whole process tree is (the pid namespace's end kills them, but not at once).
 */
const reap = async (uid: number): Promise<void> => {
  for (let attempt = 0; attempt < 250; attempt++) {
    const left = (await processesOf(uid)).filter((found) => !found.ended)
    if (left.length === 0) return
    for (const { pid } of left) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // Gone already.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The environment a run sees: nothing of the server's (no secrets), only what npm and node need. */
const runEnv = (limits: SandboxLimits, home: string): NodeJS.ProcessEnv => ({
  PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
  HOME: home,
  TMPDIR: '/tmp',
  CI: '1',
  NO_COLOR: '1',
  LANG: 'C.UTF-8',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_offline: 'true',
  // A V8 heap hog fails fast in its own process; the tree's memory watch stops anything else.
  NODE_OPTIONS: `--max-old-space-size=${Math.max(32, Math.floor(limits.memoryMb / 2))}`,
})

/**
 * `npm test` in bubblewrap: new user, pid, network, IPC and UTS namespaces (no network at all,
 * only a loopback of its own), no further user namespaces (`unshare -U` is refused, so nothing
 * inside gains a namespace's root), the system read-only, the server's environment cleared. The
 * writable places are the project's copy and /tmp, tmpfs mounts of SANDBOX_DISK_MB each, whose
 * use together is held to SANDBOX_DISK_MB; /dev (and so /dev/shm) is read-only. A root server runs it as an unprivileged user id of its own,
 * so RLIMIT_NPROC holds; CPU seconds per process are limited too. bwrap waits (--block-fd) until
 * runLimited holds the tmpfs, to count what is written there.
 */
const bwrapCommand = async (
  projectDir: string,
  limits: SandboxLimits,
  uid: number | undefined,
  command: string[] = ['npm', 'test'],
  extraEnv: Record<string, string> = {},
  beside?: { file: string; args: string[] },
): Promise<Command> => {
  // A non-root server's runs count toward its own user's processes and threads: the limit comes on top of them.
  const own = uid === undefined ? (await processesOf(process.getuid?.() ?? 0)).reduce((sum, found) => sum + found.threads, 0) : 0
  const processes = own + limits.processes
  const env = { ...runEnv(limits, '/tmp'), ...extraEnv }
  const argv: [string, ...string[]] = [
    // Below the server in CPU priority: health checks, chat and docs answers stay quick while tests run.
    ...NICE,
    'prlimit',
    `--nproc=${processes}`,
    `--cpu=${limits.cpuSeconds}`,
    // No file bigger than everything a run may write.
    `--fsize=${limits.diskMb * 1024 * 1024}`,
    '--core=0',
    '--',
    ...(uid !== undefined ? ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--inh-caps=-all', '--'] : []),
    'bwrap',
    '--unshare-all',
    // Explicit, as --disable-userns needs: no user namespace can be made inside (bubblewrap 0.8+).
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    // No --new-session: the run's own session (runLimited starts one, with no controlling terminal to
    // reach) is the one whose CPU priority is lowered; a second one would be scheduled beside the server's.
    ...(await systemBinds()),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    // Each alone cannot hold more than the limit (and a little); together they are counted against it.
    ...WRITABLE_MOUNTS.flatMap((folder) => ['--size', String(limits.diskMb * 1024 * 1024 + DISK_MARGIN_BYTES), '--tmpfs', folder]),
    '--ro-bind',
    projectDir,
    SOURCE_MOUNT,
    // A helper that runs beside the command (a preview's bridge), read-only.
    ...(beside ? ['--ro-bind', beside.file, BESIDE_MOUNT] : []),
    // Nothing but those can be written: not /dev (a tmpfs of its own, with /dev/shm), not the sandbox's own root.
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
    '--chdir',
    PROJECT_MOUNT,
    '--clearenv',
    ...Object.entries(env).flatMap(([key, value]) => ['--setenv', key, value ?? '']),
    '--info-fd',
    '3',
    '--block-fd',
    '4',
    // The project is copied into its tmpfs, so that its copy counts as written too.
    'sh',
    '-c',
    beside
      ? `cp -a ${SOURCE_MOUNT}/. . && { node ${BESIDE_MOUNT} ${beside.args.join(' ')} >/dev/null 2>&1 & } && exec "$@"`
      : `cp -a ${SOURCE_MOUNT}/. . && exec "$@"`,
    'sh',
    ...command,
  ]
  return { argv, cwd: projectDir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, sandboxed: { writable: WRITABLE_MOUNTS } }
}

/** Gives the run's user the project (a root server's runs write as that user). Symlinks are changed, never followed. */
const chownTree = async (dir: string, uid: number): Promise<void> => {
  await chown(dir, uid, uid)
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) await chownTree(full, uid)
    else await lchown(full, uid, uid)
  }
}

/** BUILD_SANDBOX=none: `npm test` (or `script`) unconfined but for the wall time, memory, file size and output limits (what it writes is not counted). */
const unconfinedCommand = (projectDir: string, limits: SandboxLimits, script = 'test', extraEnv: Record<string, string> = {}): Command => ({
  argv: [...NICE, 'prlimit', `--cpu=${limits.cpuSeconds}`, `--fsize=${limits.diskMb * 1024 * 1024}`, '--core=0', '--', 'npm', script],
  cwd: projectDir,
  env: { ...runEnv(limits, projectDir), TMPDIR: projectDir, ...extraEnv },
})

/** The Unix socket a served project listens on (its PORT), in the project's own folder. */
export const SERVE_SOCKET = '.overseer-preview.sock'
/**
 * The socket of the bridge that runs beside a served project (bridge.cjs): for an app that listens
 * on a TCP port instead of PORT's socket, it opens once the app listens and passes connections on.
 */
export const BRIDGE_SOCKET = '.overseer-bridge.sock'
/** Where a helper that runs beside the command is, inside the sandbox. */
const BESIDE_MOUNT = '/overseer/beside.cjs'
const BRIDGE_FILE = path.join(__dirname, 'bridge.cjs')

const reportOf = (result: RunResult, limits: SandboxLimits): TestReport => {
  const counts = parseTestOutput(result.output)
  const notes: Partial<Record<StopReason, string>> = {
    time: SANDBOX_MESSAGES.timedOut(Math.round(limits.wallMs / 1000)),
    memory: SANDBOX_MESSAGES.memory(limits.memoryMb),
    disk: SANDBOX_MESSAGES.disk(limits.diskMb),
  }
  const note = result.stopped && notes[result.stopped]
  const failed = result.exitCode === 0 || counts.failed > 0 ? counts.failed : Math.max(1, counts.failed)
  return {
    ...result,
    ...(note && { output: `${result.output}\n${note}` }),
    ...counts,
    failed,
    ok: result.exitCode === 0 && failed === 0 && result.stopped === undefined,
  }
}

/**
 * Where runs happen: a copy of the project in a folder of its own under `base`, so a run never
 * changes the project it tests, and a root server's unprivileged run user can reach it (the base
 * is traversable, not listable; each copy belongs to its run's user alone). Removed afterwards.
 */
const staged = async <T>(base: string, projectDir: string, work: (dir: string, uid: number | undefined) => Promise<T>): Promise<T> => {
  await mkdir(base, { recursive: true, mode: 0o711 })
  // The mode above is subject to the umask of whoever made the folder first (077 makes it 700,
  // which a run's user cannot traverse): set it as runs need it.
  if (process.getuid?.() === 0) await chmod(base, 0o711)
  const stage = await mkdtemp(path.join(base, 'run-'))
  try {
    const dir = path.join(stage, 'project')
    await cp(projectDir, dir, { recursive: true, verbatimSymlinks: true })
    const uid = process.getuid?.() === 0 ? sandboxUid() : undefined
    if (uid !== undefined) {
      await chmod(stage, 0o711)
      await chownTree(dir, uid)
    }
    try {
      return await work(dir, uid)
    } finally {
      if (uid !== undefined) await reap(uid)
    }
  } finally {
    await rm(stage, { recursive: true, force: true })
  }
}

/** Whether a sandbox starts here, as a run would start it (as its own user, with its limits); if not, why. */
const probe = async (base: string, limits: SandboxLimits): Promise<string | undefined> => {
  const missing = missingProblem()
  if (missing) return SANDBOX_MESSAGES.missing(missing.missing, missing.advice)
  const empty = await mkdtemp(path.join(tmpdir(), 'overseer-probe-'))
  try {
    const result = await staged(base, empty, async (dir, uid) => runLimited(await bwrapCommand(dir, limits, uid, ['true']), { ...limits, wallMs: 10_000 }))
    return result.exitCode === 0 ? undefined : SANDBOX_MESSAGES.broken(result.output.trim() || `exit code ${result.exitCode ?? result.signal}`)
  } catch (error) {
    return SANDBOX_MESSAGES.broken(error instanceof Error ? error.message : String(error))
  } finally {
    await rm(empty, { recursive: true, force: true })
  }
}

/**
 * The probe's answer, once per machine state: every app of a process (a worker, a test run
 * starting many) asks the same question, and bwrap's presence only changes with PATH.
 */
const probes = new Map<string, Promise<string | undefined>>()
const probeOnce = (base: string, limits: SandboxLimits): Promise<string | undefined> => {
  const key = `${process.env.PATH ?? ''}\u0000${base}`
  let answer = probes.get(key)
  if (!answer) {
    answer = probe(base, limits)
    probes.set(key, answer)
  }
  return answer
}

/** The sandbox BUILD_SANDBOX asks for: bwrap (checked once, here), or none. */
export const createSandbox = async (mode: 'bwrap' | 'none', limits: SandboxLimits, base = path.join(tmpdir(), 'overseer-sandbox')): Promise<Sandbox> => {
  const decode = (run: ServeRun) => {
    const decoder = new StringDecoder('utf8')
    return (chunk: Buffer) => {
      const text = decoder.write(chunk)
      if (text !== '') run.onOutput(text)
    }
  }
  if (mode === 'none') {
    return {
      mode: 'none',
      problem: SANDBOX_MESSAGES.unsafe,
      limits,
      runTests: (projectDir, signal) => staged(base, projectDir, async (dir) => reportOf(await runLimited(unconfinedCommand(dir, limits), limits, signal), limits)),
      serve: (projectDir, run) =>
        staged(base, projectDir, async (dir) => {
          const socket = path.join(dir, SERVE_SOCKET)
          run.onSocket([socket])
          return runLimited(unconfinedCommand(dir, limits, 'start', { PORT: socket }), { ...limits, wallMs: run.wallMs }, run.signal, { onOutput: decode(run) })
        }),
    }
  }
  const problem = await probeOnce(base, limits)
  if (problem) {
    return {
      mode: 'unavailable',
      problem,
      limits,
      runTests: () => Promise.reject(new SandboxUnavailable(problem)),
      serve: () => Promise.reject(new SandboxUnavailable(problem)),
    }
  }
  return {
    mode: 'bwrap',
    limits,
    runTests: (projectDir, signal) =>
      staged(base, projectDir, async (dir, uid) => reportOf(await runLimited(await bwrapCommand(dir, limits, uid), limits, signal), limits)),
    // The socket is in the sandbox's own project folder: reached from here through its first process's root.
    serve: (projectDir, run) =>
      staged(base, projectDir, async (dir, uid) =>
        runLimited(
          await bwrapCommand(dir, limits, uid, ['npm', 'start'], { PORT: `${PROJECT_MOUNT}/${SERVE_SOCKET}` }, { file: BRIDGE_FILE, args: [`${PROJECT_MOUNT}/${BRIDGE_SOCKET}`] }),
          { ...limits, wallMs: run.wallMs },
          run.signal,
          {
            onOutput: decode(run),
            onSandbox: (pid) => run.onSocket([`/proc/${pid}/root${PROJECT_MOUNT}/${SERVE_SOCKET}`, `/proc/${pid}/root${PROJECT_MOUNT}/${BRIDGE_SOCKET}`]),
          },
        ),
      ),
  }
}

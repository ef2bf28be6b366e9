/**
 * The one place a generated project's code runs: its test command, in bubblewrap, with no
 * network, a read-only system, only the project's folder writable and limits on time, CPU,
 * memory, processes and output. Model-written code never runs anywhere else.
 */

/** The limits of one run (SANDBOX_* settings). */
export interface SandboxLimits {
  /** Wall time of the whole run; the process tree is killed when it is spent. */
  wallMs: number
  /** CPU seconds per process (RLIMIT_CPU). */
  cpuSeconds: number
  /** Memory of the run, in MiB: the resident memory of its whole process tree plus what it wrote to its in-memory folders; the tree is killed when it goes over. */
  memoryMb: number
  /**
   * Everything the run may write, in MiB: the project's copy, /tmp and anything else writable,
   * together (one size-limited tmpfs; /dev/shm is read-only). A run that goes over is stopped.
   */
  diskMb: number
  /** Processes and threads the run may have at once (RLIMIT_NPROC, under an unprivileged uid). */
  processes: number
  /** Output kept (stdout and stderr together); the rest is cut, the tail kept. */
  outputBytes: number
}

/** Why a run was stopped before it ended by itself. */
export type StopReason = 'time' | 'memory' | 'disk' | 'aborted'

/** What one sandboxed command did. */
export interface RunResult {
  exitCode: number | null
  /** The signal that ended it, when one did. */
  signal: NodeJS.Signals | null
  /** stdout and stderr interleaved as they came, at most `outputBytes` (the tail, when cut). */
  output: string
  /** Whether output was cut. */
  truncated: boolean
  stopped?: StopReason
  durationMs: number
}

/** A project's `npm test` run, read: counts from the Node test runner's summary. */
export interface TestReport extends RunResult {
  passed: number
  failed: number
  /** The names of the failing tests, as the test runner printed them. */
  failing: string[]
  /** Whether the run passed: it exited 0 and no test failed. */
  ok: boolean
}

/**
 * `bwrap`: the real sandbox. `none`: BUILD_SANDBOX=none, code runs unconfined (unsafe; a trusted
 * single-user machine only). `unavailable`: bwrap is missing or cannot start, and nothing runs.
 */
export type SandboxMode = 'bwrap' | 'none' | 'unavailable'

export interface Sandbox {
  readonly mode: SandboxMode
  /** Why the sandbox is unavailable (said at start and in a failing build's message). */
  readonly problem?: string
  readonly limits: SandboxLimits
  /** Runs the project's `npm test` on a copy of `projectDir` (a run never changes the project). Rejects with SandboxUnavailable when mode is `unavailable`. */
  runTests(projectDir: string, signal?: AbortSignal): Promise<TestReport>
  /**
   * Runs the project's `npm start` on a copy of `projectDir` until it ends, `wallMs` is spent or
   * `signal` stops it, with PORT a Unix socket in the project's folder (no network inside);
   * `onSocket` is told the sockets' paths as this process reaches them, `onOutput` each piece of
   * output as it comes. Rejects with SandboxUnavailable when mode is `unavailable`.
   */
  serve(projectDir: string, run: ServeRun): Promise<RunResult>
}

/** A served run's wall time, stop signal and listeners (Sandbox.serve). */
export interface ServeRun {
  wallMs: number
  signal: AbortSignal
  /** Where the app is reached, in order: PORT's socket, then (bwrap) the bridge to a TCP port it may listen on instead. */
  onSocket: (socketPaths: string[]) => void
  onOutput: (chunk: string) => void
}

export class SandboxUnavailable extends Error {
  override name = 'SandboxUnavailable'
}

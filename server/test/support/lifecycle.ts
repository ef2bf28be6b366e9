/**
 * What a test file starts (databases, apps, fake servers, processes) is owned here from the moment
 * it exists, and whatever is still open when the file's tests and hooks are done is closed by the
 * afterAll of server/test/setup.ts.
 *
 * A file's own afterAll closes only what its beforeAll handed it. A setup that throws, or that
 * jest stopped waiting for (its time limit passed), has handed over nothing, or not all: what it
 * had started kept the test process alive, so jest never exited after a failure. Worse, a setup
 * still running when jest tore the file's environment down went on without it: an embedded
 * database opened then lost a query half-way (its module loads failed) and kept a timer of its
 * own re-arming for ever.
 *
 * One registry per test file: jest gives each file its own modules, so files never share it.
 */

/**
 * The time limit of a hook that starts (or stops) a database, an app, a server or a process.
 * jest's default (testTimeout, 30 s) is exceeded by opening PGlite and building the app on a
 * two-core machine that runs other work, which fails every test of the file. Tests themselves
 * keep the default.
 */
export const SETUP_TIMEOUT_MS = 120_000

type Close = () => Promise<void>

const open = new Set<Close>()
const pending = new Set<Promise<unknown>>()
/** Set once the file's tests and hooks are over and closeOwned runs. */
let ending = false

/**
 * Owns a resource that `close` closes. Returns how to close it once (the owner forgets it);
 * `forget` is for the resource's own close path (an app closed by its test).
 */
export const own = (close: Close): { close: Close; forget: () => void } => {
  let closing: Promise<void> | undefined
  const owned: Close = () => {
    open.delete(owned)
    closing ??= close()
    return closing
  }
  open.add(owned)
  return { close: owned, forget: () => open.delete(owned) }
}

/**
 * Runs `start` (which owns what it starts) and follows it until it settles: the end of the file
 * waits for it before closing, so nothing it opens after its hook gave up outlives the file. Once
 * the file is ending nothing more starts: a setup that went on after its time limit stops at its
 * next step.
 */
export const starting = <T>(start: () => Promise<T>): Promise<T> => {
  if (ending) return Promise.reject(new Error("This test file's tests are over: nothing more starts (a setup went on after its time limit)"))
  const started = start()
  pending.add(started)
  const settled = () => pending.delete(started)
  started.then(settled, settled)
  return started
}

/**
 * Waits for what is still starting, then closes what is open, last started first (an app before
 * its database). Every close is tried; what failed is thrown at the end.
 */
export const closeOwned = async (): Promise<void> => {
  ending = true
  const failures: unknown[] = []
  for (;;) {
    if (pending.size > 0) {
      await Promise.allSettled([...pending])
      continue
    }
    const last = [...open].at(-1)
    if (!last) break
    await last().catch((error: unknown) => failures.push(error))
  }
  if (failures.length > 0) throw new AggregateError(failures, `closing what the tests left open failed: ${failures.map(String).join('; ')}`)
}

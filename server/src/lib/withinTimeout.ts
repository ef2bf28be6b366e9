/**
 * Whether `check` resolves within `ms`. A check that rejects or is still running at the deadline
 * counts as failed; it is not cancelled, but its late result (or rejection) is ignored.
 */
export const withinTimeout = (check: () => Promise<unknown>, ms: number): Promise<boolean> =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    let running: Promise<unknown>
    try {
      running = check()
    } catch {
      running = Promise.reject(new Error('check threw'))
    }
    running.then(
      () => {
        clearTimeout(timer)
        resolve(true)
      },
      () => {
        clearTimeout(timer)
        resolve(false)
      },
    )
  })

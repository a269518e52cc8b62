export interface ProgressLimits {
  /** Hard limit, however much progress is reported. */
  maxMs: number
  /** Fails sooner when nothing is reported for this long (needs `subscribe`). */
  idleMs?: number
  /** Calls `onActivity` on each sign of progress; returns the unsubscribe function. */
  subscribe?: (onActivity: () => void) => () => void
}

/**
 * Resolves like `promise`, or rejects with `timeoutError(ms)` when `limits.idleMs` pass without progress or
 * `limits.maxMs` pass in all. The one timeout for a remote: its download (the loader) and its mount (the
 * route). `promise` itself is not cancelled: its owner cleans up if it settles late.
 */
export function withProgressTimeout<T>(
  promise: Promise<T>,
  limits: ProgressLimits,
  timeoutError: (ms: number) => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = (ms: number) => () => reject(timeoutError(Math.round(ms)))
    const { idleMs, maxMs } = limits
    let idle = idleMs === undefined ? undefined : setTimeout(fail(idleMs), idleMs)
    const cap = setTimeout(fail(maxMs), maxMs)
    const unsubscribe =
      idleMs === undefined || !limits.subscribe
        ? () => undefined
        : limits.subscribe(() => {
            clearTimeout(idle)
            idle = setTimeout(fail(idleMs), idleMs)
          })
    const done = () => {
      clearTimeout(idle)
      clearTimeout(cap)
      unsubscribe()
    }
    promise.then(
      (value) => {
        done()
        resolve(value)
      },
      (error: unknown) => {
        done()
        reject(error)
      },
    )
  })
}

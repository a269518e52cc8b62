/**
 * `load`, run on first use and shared by every use after it; a rejection is forgotten, so the next use runs it
 * again (a chunk that failed to download, an init that threw).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    }))
}

/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs` when given); browsers without
 * `requestIdleCallback` (Safari) run it on the next task. Returns a cancel function.
 */
export function whenIdle(task: () => void, options: { timeoutMs?: number; win?: Window } = {}): () => void {
  const win = options.win ?? window
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(
      task,
      options.timeoutMs === undefined ? undefined : { timeout: options.timeoutMs },
    )
    return () => win.cancelIdleCallback(id)
  }
  const id = win.setTimeout(task, 0)
  return () => win.clearTimeout(id)
}

/**
 * Resolves once the browser has painted the frame that is being prepared now: work started then (a chunk, a
 * call) never competes with what that frame shows. Hidden pages paint no frames, so it never waits longer than
 * `maxWaitMs`.
 */
export function afterNextPaint(maxWaitMs: number, win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const timer = win.setTimeout(resolve, maxWaitMs)
    const done = () => {
      win.clearTimeout(timer)
      resolve()
    }
    if (typeof win.requestAnimationFrame === 'function')
      win.requestAnimationFrame(() => win.setTimeout(done, 0))
  })
}

/** The longest a page waits for its first contentful paint before warming up anyway (hidden page, old browser). */
export const FIRST_PAINT_WAIT_MS = 5000

/**
 * Runs `run` once the page has recorded the performance entry `name` of `type` (a `paint`, a `mark`), or
 * after `maxWaitMs` where that never comes or cannot be observed.
 */
export function afterEntry(
  win: Window,
  entry: { type: 'paint' | 'mark'; name: string },
  maxWaitMs: number,
  run: () => void,
): void {
  let done = false
  let observer: PerformanceObserver | undefined
  const once = () => {
    if (done) return
    done = true
    observer?.disconnect()
    win.clearTimeout(timer)
    run()
  }
  const timer = win.setTimeout(once, maxWaitMs)
  try {
    const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver })
      .PerformanceObserver
    if (!Observer) return
    const watching = new Observer((list) => {
      if (list.getEntriesByName(entry.name).length > 0) once()
    })
    observer = watching
    watching.observe({ type: entry.type, buffered: true })
  } catch {
    // No such Performance Timeline entries here: the timer decides.
  }
}

/**
 * Runs `run` once the page has painted content (Paint Timing), or after FIRST_PAINT_WAIT_MS where that never
 * comes or cannot be observed. An idle callback alone is not enough: the browser is idle while the first
 * screen's code is still downloading.
 */
export function afterFirstPaint(win: Window, run: () => void): void {
  afterEntry(win, { type: 'paint', name: 'first-contentful-paint' }, FIRST_PAINT_WAIT_MS, run)
}

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
 * `limits.maxMs` pass in all. The project's one timeout: a remote's download (the loader) and mount (the
 * route), the registry fetch, a call the page started early. `promise` itself is not cancelled: its owner
 * cleans up if it settles late (or aborts in `timeoutError`).
 */
export function withTimeout<T>(
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

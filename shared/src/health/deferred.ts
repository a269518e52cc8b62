import { afterFirstPaint, whenIdle } from '../schedule/schedule'
import type { SessionStore } from '../session/session'
import type { LoadAttempt } from './outcomes'
import type { CallFailure, RemoteOutcome } from './report'

/**
 * What the shell and a standalone page hold of field health (ADR 0033): a few lines in the page's entry that
 * note events in a short queue, uncaught errors from the start included, while the reporter itself (and Web
 * Vitals) loads as one chunk once the page has painted and the browser is idle, so nothing of it comes before
 * the first paint. A page outside the sample, or with reporting off, never loads it. These lines are in the
 * entry, on the way to the first paint: they count against the report path's 4 KiB (`pnpm bench:size`).
 */
export interface HealthReporter {
  /** What became of a remote the page wanted on screen, with its load stages' milliseconds. */
  remote(entry: {
    remote: string
    version: string
    outcome: RemoteOutcome
    from?: string
    reason?: string
    phases?: Record<string, number>
  }): void
  /** The route's remote mounted (`fellBackFrom`: the version that failed first), from the loader's records. */
  mounted(
    remote: string,
    version: string,
    fellBackFrom: string | null,
    records: readonly LoadAttempt[],
    mountMs: number,
  ): void
  /** The route's remote could not be loaded: `attempts` are its failed load's records. */
  failed(remote: string, notReleased: boolean, attempts: readonly LoadAttempt[], message: string): void
  /** A call that failed, by path (query dropped) and kind. */
  call(path: string, kind: CallFailure): void
  /** An uncaught error or rejection (the front listens for them from the start and passes them on). */
  uncaught(event: ErrorEvent | PromiseRejectionEvent): void
}

/** What reports say of the page: the route table's path of the page now shown, and whether its route shows a remote. */
export interface HealthPage {
  route: () => string
  expectsRemote: boolean
}

const METHODS = ['remote', 'mounted', 'failed', 'call', 'uncaught'] as const

const none = () => undefined
/** Reports nothing: reporting is off, this page load is outside the sample, or a test. */
export const NO_HEALTH_REPORTS: HealthReporter = {
  remote: none,
  mounted: none,
  failed: none,
  call: none,
  uncaught: none,
}

/** Events kept while the reporter loads; past this the page is having a bad time and the rest are dropped. */
const QUEUE_MAX = 50

/**
 * The page's reporter: the front, which loads the reporter's chunk (`load`, injected by tests) once the page
 * has painted and is idle. `page` tells what reports say of the page (reporter.ts: the address's path and no
 * remote when not given); the values of `session` never leave in a report.
 */
export function deferredHealthReporter(
  win: Window,
  settings: { healthEndpoint: string; healthSample: number },
  page: HealthPage | undefined,
  session: SessionStore,
  load: () => Promise<HealthReporter> = () =>
    // Web Vitals reads the last layout shift with Array.prototype.at, which iOS 15.4 and Chromium 92 added:
    // an engine inside the support floor without it (ADR 0045) loads core-js's first, the rest never do.
    ('at' in Array.prototype ? Promise.resolve() : import('./array-at-polyfill'))
      .then(() => import('./reporter'))
      .then((chunk) => chunk.createHealthReporter(win, settings.healthEndpoint, page, session)),
  random: () => number = Math.random,
): HealthReporter {
  if (!settings.healthEndpoint || !(random() < settings.healthSample)) return NO_HEALTH_REPORTS
  type Call = [method: keyof HealthReporter, args: unknown[]]
  let queue: Call[] | null = []
  let target: HealthReporter | null = null
  const note = (call: Call) => {
    if (target) (target[call[0]] as (...args: unknown[]) => void)(...call[1])
    else if (queue && queue.length < QUEUE_MAX) queue.push(call)
  }
  const front = {} as Record<keyof HealthReporter, (...args: unknown[]) => void>
  for (const method of METHODS) front[method] = (...args) => note([method, args])
  win.addEventListener('error', front.uncaught)
  win.addEventListener('unhandledrejection', front.uncaught)
  afterFirstPaint(win, () =>
    whenIdle(
      () =>
        void load().then(
          (reporter) => {
            target = reporter
            queue?.forEach(note)
            queue = null
          },
          // The chunk did not arrive: this page reports nothing, and keeps nothing for it.
          () => (queue = null),
        ),
      { timeoutMs: 3000, win },
    ),
  )
  return front
}

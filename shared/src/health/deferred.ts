import { afterFirstPaint, whenIdle } from '../schedule/schedule'
import type { LoadAttempt } from './outcomes'
import type { CallFailure, RemoteOutcome } from './report'

/**
 * What the shell and a standalone page hold of field health (ADR 0033): a few lines in the page's entry that
 * note events in a short queue, while the reporter itself (and Web Vitals) loads as one chunk once the page has
 * painted and the browser is idle, so nothing of it comes before the first paint. Uncaught errors from before
 * it arrives are kept too. A page outside the sample, or with reporting off, never loads it.
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
  /** The remote now on screen: Web Vitals measured from here on are its. */
  screen(remote: string, version: string): void
  /** An uncaught error or rejection (the reporter listens for them itself once loaded). */
  uncaught(event: ErrorEvent | PromiseRejectionEvent): void
}

/** Reports nothing: reporting is off, this page load is outside the sample, or a test. */
export const NO_HEALTH_REPORTS: HealthReporter = {
  remote: () => undefined,
  mounted: () => undefined,
  failed: () => undefined,
  call: () => undefined,
  screen: () => undefined,
  uncaught: () => undefined,
}

const METHODS = ['remote', 'mounted', 'failed', 'call', 'screen', 'uncaught'] as const

/** Events kept while the reporter loads; past this the page is having a bad time and the rest are dropped. */
const QUEUE_MAX = 50

export function deferredHealthReporter(
  win: Window,
  settings: { healthEndpoint: string; healthSample: number },
  load: () => Promise<HealthReporter>,
  random: () => number = Math.random,
): HealthReporter {
  if (!settings.healthEndpoint || !(random() < settings.healthSample)) return NO_HEALTH_REPORTS
  type Call = { [K in keyof HealthReporter]: [K, Parameters<HealthReporter[K]>] }[keyof HealthReporter]
  let queue: Call[] | null = []
  let target: HealthReporter | null = null
  const early = (event: ErrorEvent | PromiseRejectionEvent) => {
    if (queue && queue.length < QUEUE_MAX) queue.push(['uncaught', [event]])
  }
  win.addEventListener('error', early)
  win.addEventListener('unhandledrejection', early)
  const stopEarly = () => {
    win.removeEventListener('error', early)
    win.removeEventListener('unhandledrejection', early)
  }
  afterFirstPaint(win, () =>
    whenIdle(
      () =>
        void load().then(
          (reporter) => {
            stopEarly()
            target = reporter
            for (const [method, args] of queue ?? []) (reporter[method] as (...a: unknown[]) => void)(...args)
            queue = null
          },
          () => {
            // The chunk did not arrive: this page reports nothing, and keeps nothing for it.
            stopEarly()
            queue = null
          },
        ),
      { timeoutMs: 3000, win },
    ),
  )
  const forward =
    <K extends keyof HealthReporter>(method: K) =>
    (...args: Parameters<HealthReporter[K]>) => {
      if (target) (target[method] as (...a: unknown[]) => void)(...args)
      else if (queue && queue.length < QUEUE_MAX) queue.push([method, args] as Call)
    }
  const front = {} as Record<keyof HealthReporter, unknown>
  for (const method of METHODS) front[method] = forward(method)
  return front as HealthReporter
}

import { onCLS, onINP, onLCP } from 'web-vitals'
import { whenIdle } from '../schedule/schedule'
import { NO_HEALTH_REPORTS, type HealthReporter } from './deferred'
import { failedOutcome, mountedOutcome } from './outcomes'
import {
  callPath,
  HEALTH_REPORT_MAX_BYTES,
  HEALTH_REPORT_VERSION,
  redact,
  remoteOfStack,
  REPORT_LIMITS,
  type CallFailure,
  type HealthReport,
  type VitalName,
} from './report'

/**
 * The page's side of field health (issue #32, ADR 0033), loaded after the first paint (deferred.ts): it sends
 * what the page noted with `navigator.sendBeacon`, once after load (when the route's remote has settled) and
 * once each time the page is hidden, each report holding what the last one did not. It never blocks a screen
 * or a call: noting is a push onto an array, sending happens when the browser is idle or leaving. A report
 * the browser refuses is dropped, never retried.
 */
export interface ReporterOptions {
  win: Window
  /** Where reports go (a path on this origin); empty turns reporting off. */
  endpoint: string
  /** The route table's path of this page (not its address). */
  route: () => string
  /** Whether the route shows a remote: the load report then waits for its outcome (at most `settleMs`). */
  expectsRemote: boolean
  /** Values that must never leave the page (the session's parameters, the address's query values). */
  secrets: () => string[]
  settleMs?: number
  /** Web Vitals (the library, in this chunk); injected by tests. */
  vitals?: VitalsApi
}

type Metric = { name: string; value: number }
export interface VitalsApi {
  onLCP(report: (metric: Metric) => void): void
  onINP(report: (metric: Metric) => void): void
  onCLS(report: (metric: Metric) => void): void
}

/** How long after load the load report waits for the route's remote to mount or fail. */
export const SETTLE_MS = 12_000

const LIMITS = REPORT_LIMITS
const webVitals: VitalsApi = { onLCP, onINP, onCLS }

export function createHealthReporter(options: ReporterOptions): HealthReporter {
  const { win } = options
  if (typeof win.navigator.sendBeacon !== 'function') return NO_HEALTH_REPORTS

  let remotes: HealthReport['remotes'] = []
  let vitals: HealthReport['vitals'] = []
  let errors: HealthReport['errors'] = []
  let calls = new Map<string, { path: string; kind: CallFailure; count: number }>()
  let onScreen = { remote: 'shell', version: '-' }
  let loadSent = false
  let settled = !options.expectsRemote

  const send = (phase: HealthReport['phase']) => {
    if (!remotes.length && !vitals.length && !errors.length && !calls.size && phase === 'hidden') return
    const report: HealthReport = {
      v: HEALTH_REPORT_VERSION,
      route: options.route(),
      phase,
      remotes: remotes.slice(0, LIMITS.remotes),
      vitals: vitals.slice(-LIMITS.vitals),
      errors: errors.slice(0, LIMITS.errors),
      calls: [...calls.values()].slice(0, LIMITS.calls),
    }
    remotes = []
    vitals = []
    errors = []
    calls = new Map()
    const body = JSON.stringify(report)
    if (body.length > HEALTH_REPORT_MAX_BYTES) return
    try {
      // False when the browser will not queue it: the report is dropped, never retried.
      win.navigator.sendBeacon(options.endpoint, new Blob([body], { type: 'application/json' }))
    } catch {
      // A beacon refused outright (a blocked endpoint): dropped the same way.
    }
  }

  const sendLoad = () => {
    if (loadSent || win.document.readyState !== 'complete' || !settled) return
    loadSent = true
    whenIdle(() => send('load'), { timeoutMs: 2000, win })
  }

  const uncaught = (event: ErrorEvent | PromiseRejectionEvent) => {
    if ('reason' in event) {
      const reason = event.reason as { message?: unknown; stack?: unknown } | null
      const message = reason?.message ?? reason
      noteError('rejection', String(message), typeof reason?.stack === 'string' ? reason.stack : '')
      return
    }
    const stack = (event.error as { stack?: unknown } | null)?.stack
    noteError(
      'error',
      String(event.message || event.error),
      `${typeof stack === 'string' ? stack : ''} ${event.filename}`,
    )
  }
  const noteError = (kind: 'error' | 'rejection', message: string, stack: string) => {
    if (errors.length >= LIMITS.errors) return
    const owner = remoteOfStack(stack) ?? { remote: 'shell', version: '-' }
    errors.push({ ...owner, kind, message: redact(message, options.secrets()) })
  }
  win.addEventListener('error', uncaught)
  win.addEventListener('unhandledrejection', uncaught)

  // Registered again once Web Vitals' own listeners are: the hidden report then leaves after they have noted
  // their last values (listeners run in the order they were added).
  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') send('hidden')
  }
  const listenHidden = () => {
    win.document.removeEventListener('visibilitychange', onHidden)
    win.document.addEventListener('visibilitychange', onHidden)
  }
  listenHidden()

  const onLoad = () => {
    if (!settled) win.setTimeout(() => ((settled = true), sendLoad()), options.settleMs ?? SETTLE_MS)
    sendLoad()
  }
  // Web Vitals' observers are buffered: registered now, they still see the page's paints and shifts so far.
  const note = (metric: Metric) => {
    if (vitals.length >= LIMITS.vitals * 2) return
    vitals.push({
      name: metric.name as VitalName,
      value: Math.round(metric.value * 1000) / 1000,
      ...onScreen,
    })
  }
  const api = options.vitals ?? webVitals
  api.onLCP(note)
  api.onINP(note)
  api.onCLS(note)
  listenHidden()

  if (win.document.readyState === 'complete') onLoad()
  else win.addEventListener('load', onLoad, { once: true })

  const remote: HealthReporter['remote'] = (entry) => {
    if (remotes.length < LIMITS.remotes) {
      remotes.push({
        remote: entry.remote,
        version: entry.version,
        outcome: entry.outcome,
        ...(entry.from ? { from: entry.from } : {}),
        ...(entry.reason ? { reason: redact(entry.reason, options.secrets()) } : {}),
        phases: entry.phases ?? {},
      })
    }
    if (!settled) {
      settled = true
      sendLoad()
    }
  }
  return {
    remote,
    mounted(name, version, fellBackFrom, records, mountMs) {
      remote(mountedOutcome(name, version, fellBackFrom, records, mountMs))
      onScreen = { remote: name, version }
    },
    failed: (name, notReleased, attempts, message) =>
      remote(failedOutcome(name, notReleased, attempts, message)),
    call(path, kind) {
      const clean = callPath(path)
      const key = `${kind} ${clean}`
      const known = calls.get(key)
      if (known) known.count = Math.min(known.count + 1, 10_000)
      else if (calls.size < LIMITS.calls) calls.set(key, { path: clean, kind, count: 1 })
    },
    screen(name, version) {
      onScreen = { remote: name, version }
    },
    uncaught,
  }
}

/** Every value of the session snapshot and of the address's query: none of them may leave in a report. */
export function privateValues(snapshot: unknown, search: string): string[] {
  const found: string[] = []
  const walk = (value: unknown, depth: number) => {
    if (typeof value === 'string' || typeof value === 'number') found.push(String(value))
    else if (value && typeof value === 'object' && depth < 3)
      for (const inner of Object.values(value)) walk(inner, depth + 1)
  }
  walk(snapshot, 0)
  for (const [, value] of new URLSearchParams(search)) found.push(value)
  // Longest first, so a value containing another is replaced whole.
  return [...new Set(found)].filter((value) => value.length >= 3).sort((a, b) => b.length - a.length)
}

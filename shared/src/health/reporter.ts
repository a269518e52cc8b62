import { onCLS, onINP, onLCP, type Metric } from 'web-vitals'
import type { SessionSnapshot, SessionStore } from '../session/session'
import { whenIdle } from '../schedule/schedule'
import type { HealthPage, HealthReporter } from './deferred'
import { engineOf, unreportedVitals } from './engine'
import { failedOutcome, mountedOutcome } from './outcomes'
import {
  callPath,
  HEALTH_REPORT_MAX_BYTES,
  HEALTH_REPORT_VERSION,
  redact,
  remoteOfStack,
  REPORT_LIMITS,
  type HealthReport,
  type VitalName,
} from './report'

/**
 * The page's side of field health (issue #32, ADR 0033), loaded after the first paint (deferred.ts): it sends
 * what the page noted with `navigator.sendBeacon`, once after load (when the route's remote has settled) and
 * once each time the page is hidden, each report holding what the last one did not. It never blocks a screen
 * or a call: noting is a push onto an array, sending happens when the browser is idle or leaving. A report
 * the browser refuses is dropped, never retried. Everything here is in the page's one lazy chunk with Web
 * Vitals, so every line counts against the report path's 4 KiB (`pnpm bench:size`).
 */

/** How long after load the load report waits for the route's remote to mount or fail. */
export const SETTLE_MS = 12_000

type Lists = Pick<HealthReport, 'remotes' | 'vitals' | 'errors' | 'calls'>
const noLists = (): Lists => ({ remotes: [], vitals: [], errors: [], calls: [] })
const SHELL = { remote: 'shell', version: '-' }

/**
 * `endpoint`: where reports go (a path on this origin). `page`: the route table's path of the page now shown
 * and whether its route shows a remote (the load report then waits for its outcome, at most SETTLE_MS); the
 * address's path and no remote when not given. The session's values never leave in a report.
 */
export function createHealthReporter(
  win: Window,
  endpoint: string,
  page: HealthPage | undefined,
  session: SessionStore,
): HealthReporter {
  let lists = noLists()
  let onScreen = SHELL
  /** Adds `item` to its list unless that holds REPORT_LIMITS of them: past that, items wait for no report. */
  const add = <K extends keyof Lists>(list: K, item: Lists[K][number]) => {
    const items = lists[list] as Lists[K][number][]
    if (items.length < REPORT_LIMITS[list]) items.push(item)
  }
  const secrets = () => privateValues(session.get(), win.location.search)
  const route = page?.route ?? (() => win.location.pathname)
  // Every report of the page names its engine: the first to arrive counts the load (ADR 0047).
  const engine = { ...engineOf(win.navigator.userAgent), unreported: unreportedVitals(win) }

  const send = (phase: HealthReport['phase']) => {
    const report: HealthReport = { v: HEALTH_REPORT_VERSION, route: route(), phase, engine, ...lists }
    const empty = Object.values(lists).every((items) => !items.length)
    lists = noLists()
    const body = JSON.stringify(report)
    if ((empty && phase === 'hidden') || body.length > HEALTH_REPORT_MAX_BYTES) return
    try {
      // A string goes as text/plain, which the server takes. False when the browser will not queue it: the
      // report is dropped, never retried; a beacon refused outright (a blocked endpoint, no sendBeacon) too.
      win.navigator.sendBeacon(endpoint, body)
    } catch {
      // Dropped.
    }
  }

  // The load report: once the page has loaded and the route's remote settled (or SETTLE_MS after load).
  let settle!: () => void
  const settled = new Promise<void>((resolve) => (settle = resolve))
  if (!page?.expectsRemote) settle()
  void new Promise((loaded) =>
    win.document.readyState === 'complete' ? loaded(0) : win.addEventListener('load', loaded, { once: true }),
  )
    .then(() => {
      win.setTimeout(settle, SETTLE_MS)
      return settled
    })
    .then(() => whenIdle(() => send('load'), { timeoutMs: 2000, win }))

  // Web Vitals watch visibility on the window in the capture phase, so they have noted their last values
  // before this listener on the document runs.
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') send('hidden')
  })

  // Web Vitals' observers are buffered: registered now, they still see the page's paints and shifts so far.
  // A vital the engine said it cannot report is never sent: the server refuses a report that holds one.
  const note = ({ name, value }: Metric) =>
    engine.unreported.indexOf(name as VitalName) < 0 &&
    add('vitals', { name: name as VitalName, value: Math.round(value * 1000) / 1000, ...onScreen })
  onLCP(note)
  onINP(note)
  onCLS(note)

  const remote: HealthReporter['remote'] = (entry) => {
    add('remotes', {
      ...entry,
      reason: entry.reason && redact(entry.reason, secrets()),
      phases: entry.phases ?? {},
    })
    settle()
  }
  return {
    remote,
    mounted(name, version, fellBackFrom, records, mountMs) {
      remote(mountedOutcome(name, version, fellBackFrom, records, mountMs))
      onScreen = { remote: name, version }
    },
    failed: (...args) => remote(failedOutcome(...args)),
    call(path, kind) {
      const clean = callPath(path)
      const known = lists.calls.find((c) => c.path === clean && c.kind === kind)
      if (known) known.count = Math.min(known.count + 1, 10_000)
      else add('calls', { path: clean, kind, count: 1 })
    },
    uncaught(event) {
      const rejection = 'reason' in event
      const thrown = (rejection ? event.reason : event.error) as { message?: unknown; stack?: unknown } | null
      add('errors', {
        ...(remoteOfStack(`${String(thrown?.stack)} ${rejection ? '' : event.filename}`) ?? SHELL),
        kind: rejection ? 'rejection' : 'error',
        message: redact(String(rejection ? (thrown?.message ?? thrown) : event.message || thrown), secrets()),
      })
    },
  }
}

/** Every value of the session snapshot and of the address's query: none of them may leave in a report. */
export function privateValues(snapshot: SessionSnapshot, search: string): string[] {
  const found = [
    ...Object.values(snapshot).flatMap((group: Partial<Record<string, string>>) => Object.values(group)),
    ...new URLSearchParams(search).values(),
  ]
  // Longest first, so a value containing another is replaced whole; shorter ones would mangle any text.
  return [...new Set(found)]
    .filter((value): value is string => !!value && value.length >= 3)
    .sort((a, b) => b.length - a.length)
}

import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Metric } from 'web-vitals'
import { createSessionStore, readParams } from '../session/session'
import type { HealthPage } from './deferred'
import type { HealthReport } from './report'
import { createHealthReporter, privateValues, SETTLE_MS } from './reporter'

/** Web Vitals as the reporter registers them: the test reports a metric through the registered callback. */
const vitals = vi.hoisted(() => ({}) as Record<string, (metric: Metric) => void>)
vi.mock('web-vitals', () => ({
  onLCP: (cb: (metric: Metric) => void) => void (vitals.LCP = cb),
  onINP: (cb: (metric: Metric) => void) => void (vitals.INP = cb),
  onCLS: (cb: (metric: Metric) => void) => void (vitals.CLS = cb),
}))
const metric = (name: Metric['name'], value: number) => ({ name, value }) as Metric

let beacons: { url: string; body: string }[]
/** The reports sent so far, as the server would read them. */
const sentReports = () => beacons.map(({ url, body }) => ({ url, report: JSON.parse(body) as HealthReport }))
let accept: boolean

const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36'
const IOS_WEB_VIEW =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
/** The page's browser: its user agent and the entry types its PerformanceObserver supports. */
function browser(userAgent: string, entryTypes: string[]) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: entryTypes })
  vi.stubGlobal('PerformanceEventTiming', { prototype: { interactionId: 0 } })
}

beforeEach(() => {
  browser(ANDROID_WEBVIEW, ['event', 'first-input', 'largest-contentful-paint', 'layout-shift'])
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  beacons = []
  accept = true
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, body: string) => {
      beacons.push({ url, body })
      return accept
    }),
  })
  setVisibility('visible')
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
}

/** Lets timers and idle callbacks run. */
async function settle(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms)
  await vi.advanceTimersByTimeAsync(10)
}

const hide = () => {
  setVisibility('hidden')
  document.dispatchEvent(new Event('visibilitychange'))
}

/** A borrower's session: its values must never leave in a report. */
const session = createSessionStore({ storage: null }, readParams({ sessionId: 'sess-7f3a9c' }))
const LOAN_PAGE: HealthPage = { route: () => '/loanDetails', expectsRemote: true }
const reporterFor = (page: HealthPage | undefined = LOAN_PAGE) =>
  createHealthReporter(window, '/health/reports', page, session)

test('the load report waits for the route’s remote, then carries its outcome and stages', async () => {
  const reporter = reporterFor()
  await settle(3000)
  expect(beacons).toEqual([])
  reporter.remote({
    remote: 'mf_loan',
    version: '1.0.0-abc',
    outcome: 'mounted',
    phases: { manifest: 12, entry: 40 },
  })
  await settle(2500)
  const sent = sentReports()
  expect(sent).toHaveLength(1)
  expect(sent[0].url).toBe('/health/reports')
  expect(sent[0].report).toEqual({
    v: 1,
    route: '/loanDetails',
    phase: 'load',
    engine: { name: 'chromium', major: 120, unreported: [] },
    remotes: [
      { remote: 'mf_loan', version: '1.0.0-abc', outcome: 'mounted', phases: { manifest: 12, entry: 40 } },
    ],
    vitals: [],
    errors: [],
    calls: [],
  })
})

test('an iOS web view names WebKit and its system’s major, and the vitals it cannot report, which it never sends', async () => {
  browser(IOS_WEB_VIEW, ['mark', 'measure', 'navigation', 'paint', 'resource'])
  vi.stubGlobal('PerformanceEventTiming', undefined)
  const reporter = reporterFor()
  reporter.mounted('mf_loan', '1.0.0-abc', null, [], 40)
  vitals.LCP(metric('LCP', 0))
  vitals.INP(metric('INP', 64))
  await settle(3000)
  const [load] = sentReports()
  expect(load.report.engine).toEqual({ name: 'webkit', major: 15, unreported: ['LCP', 'INP', 'CLS'] })
  expect(load.report.vitals).toEqual([])
  expect(JSON.stringify(load.report)).not.toContain('iPhone')
})

test('a remote that never settles does not hold the load report for ever', async () => {
  reporterFor().call('/utilities/loan/detail', 'timeout')
  await settle(SETTLE_MS - 1000)
  expect(beacons).toHaveLength(0)
  await settle(3000)
  expect(sentReports().map((s) => s.report.calls)).toEqual([
    [{ path: '/utilities/loan/detail', kind: 'timeout', count: 1 }],
  ])
})

test('the hidden report carries the vitals of the remote on screen, failed calls counted, errors redacted', async () => {
  const reporter = reporterFor()
  reporter.mounted('mf_loan', '1.0.0-abc', null, [], 40)
  await settle(3000)
  vitals.LCP(metric('LCP', 1834.56789))
  vitals.CLS(metric('CLS', 0.0123))
  reporter.call('/utilities/loan/detail?orderId=86', 'network')
  reporter.call('/utilities/loan/detail', 'network')
  const error = new Error('order 12345 of sess-7f3a9c not found')
  error.stack = `Error\n at x (http://h/remotes/mf-loan/1.0.0-abc/assets/a.js:1:1)`
  reporter.uncaught(new ErrorEvent('error', { error, message: error.message }))
  reporter.uncaught(
    Object.assign(new Event('unhandledrejection'), {
      reason: 'no answer for 09171234567',
    }) as PromiseRejectionEvent,
  )
  hide()
  await settle()
  const hidden = sentReports().at(-1)!.report
  expect(hidden.phase).toBe('hidden')
  expect(hidden.remotes).toEqual([])
  expect(hidden.vitals).toEqual([
    { name: 'LCP', value: 1834.568, remote: 'mf_loan', version: '1.0.0-abc' },
    { name: 'CLS', value: 0.012, remote: 'mf_loan', version: '1.0.0-abc' },
  ])
  expect(hidden.calls).toEqual([{ path: '/utilities/loan/detail', kind: 'network', count: 2 }])
  expect(hidden.errors).toEqual([
    { remote: 'mf_loan', version: '1.0.0-abc', kind: 'error', message: 'order # of [private] not found' },
    { remote: 'shell', version: '-', kind: 'rejection', message: 'no answer for #' },
  ])
  // Nothing new: hiding again sends nothing.
  const count = beacons.length
  hide()
  await settle()
  expect(beacons).toHaveLength(count)
})

test('a page outside the route table reports its address’s path; each list holds at most its limit per report', async () => {
  const reporter = createHealthReporter(window, '/health/reports', undefined, session)
  for (let i = 0; i < 25; i += 1) reporter.call(`/utilities/call${i}`, 'network')
  for (let i = 0; i < 15; i += 1) vitals.CLS(metric('CLS', i / 100))
  await settle(3000)
  const [load] = sentReports()
  expect(load.report.route).toBe(window.location.pathname)
  expect(load.report.calls).toHaveLength(20)
  expect(load.report.vitals).toHaveLength(12)
  expect(load.report.vitals[0]).toEqual({ name: 'CLS', value: 0, remote: 'shell', version: '-' })
  // The next report starts empty: what was dropped is not sent later.
  reporter.call('/utilities/call0', 'network')
  hide()
  await settle()
  expect(sentReports()[1].report.calls).toEqual([{ path: '/utilities/call0', kind: 'network', count: 1 }])
})

test('a report the browser refuses is dropped, never sent again', async () => {
  accept = false
  const reporter = reporterFor({ route: () => '/testPreview', expectsRemote: false })
  reporter.call('/a', 'refusal')
  await settle(3000)
  expect(navigator.sendBeacon).toHaveBeenCalledTimes(1)
  accept = true
  hide()
  await settle(60_000)
  expect(navigator.sendBeacon).toHaveBeenCalledTimes(1)
})

test('privateValues: every session and query value, longest first', () => {
  const values = privateValues(
    { session: { sessionId: 'sess-7f3a9c', deviceId: 'dev-1' }, globals: { orderId: '86' }, tracking: {} },
    '?orderId=8612&utm_source=fb',
  )
  expect(values).toEqual(['sess-7f3a9c', 'dev-1', '8612'])
})

import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { HealthReport } from './report'
import { createHealthReporter, privateValues, type ReporterOptions, type VitalsApi } from './reporter'

let beacons: { url: string; body: Blob }[]
/** jsdom's Blob has no `text()`; its FileReader reads one. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.readAsText(blob)
  })
/** The reports sent so far, as the server would read them. */
const sentReports = async () =>
  Promise.all(
    beacons.map(async ({ url, body }) => ({ url, report: JSON.parse(await readBlob(body)) as HealthReport })),
  )
let accept: boolean

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  beacons = []
  accept = true
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, body: Blob) => {
      beacons.push({ url, body })
      return accept
    }),
  })
  setVisibility('visible')
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
}

/** Lets timers, idle callbacks and the beacons' Blob reads run. */
async function settle(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms)
  await vi.advanceTimersByTimeAsync(10)
}

const hide = () => {
  setVisibility('hidden')
  document.dispatchEvent(new Event('visibilitychange'))
}

function fakeVitals() {
  const callbacks: Record<string, (metric: { name: string; value: number }) => void> = {}
  const api: VitalsApi = {
    onLCP: (cb) => void (callbacks.LCP = cb),
    onINP: (cb) => void (callbacks.INP = cb),
    onCLS: (cb) => void (callbacks.CLS = cb),
  }
  return { api, callbacks }
}

const options = (extra: Partial<ReporterOptions> = {}): ReporterOptions => ({
  win: window,
  endpoint: '/health/reports',
  route: () => '/loanDetails',
  expectsRemote: true,
  secrets: () => ['sess-7f3a9c'],
  vitals: fakeVitals().api,
  ...extra,
})

test('the load report waits for the route’s remote, then carries its outcome and stages', async () => {
  const reporter = createHealthReporter(options())
  await settle(3000)
  expect(beacons).toEqual([])
  reporter.remote({
    remote: 'mf_loan',
    version: '1.0.0-abc',
    outcome: 'mounted',
    phases: { manifest: 12, entry: 40 },
  })
  await settle(2500)
  const sent = await sentReports()
  expect(sent).toHaveLength(1)
  expect(sent[0].url).toBe('/health/reports')
  expect(sent[0].report).toEqual({
    v: 1,
    route: '/loanDetails',
    phase: 'load',
    remotes: [
      { remote: 'mf_loan', version: '1.0.0-abc', outcome: 'mounted', phases: { manifest: 12, entry: 40 } },
    ],
    vitals: [],
    errors: [],
    calls: [],
  })
})

test('a remote that never settles does not hold the load report for ever', async () => {
  createHealthReporter(options({ settleMs: 5000 })).call('/utilities/loan/detail', 'timeout')
  await settle(4000)
  expect(beacons).toHaveLength(0)
  await settle(3000)
  expect((await sentReports()).map((s) => s.report.calls)).toEqual([
    [{ path: '/utilities/loan/detail', kind: 'timeout', count: 1 }],
  ])
})

test('the hidden report carries the vitals of the remote on screen, failed calls counted, errors redacted', async () => {
  const vitals = fakeVitals()
  const reporter = createHealthReporter(options({ vitals: vitals.api }))
  reporter.remote({ remote: 'mf_loan', version: '1.0.0-abc', outcome: 'mounted' })
  reporter.screen('mf_loan', '1.0.0-abc')
  await settle(3000)
  vitals.callbacks.LCP({ name: 'LCP', value: 1834.56789 })
  vitals.callbacks.CLS({ name: 'CLS', value: 0.0123 })
  reporter.call('/utilities/loan/detail?orderId=86', 'network')
  reporter.call('/utilities/loan/detail', 'network')
  const error = new Error('order 12345 of sess-7f3a9c not found')
  error.stack = `Error\n at x (http://h/remotes/mf-loan/1.0.0-abc/assets/a.js:1:1)`
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }))
  hide()
  await settle()
  const hidden = (await sentReports()).at(-1)!.report
  expect(hidden.phase).toBe('hidden')
  expect(hidden.remotes).toEqual([])
  expect(hidden.vitals).toEqual([
    { name: 'LCP', value: 1834.568, remote: 'mf_loan', version: '1.0.0-abc' },
    { name: 'CLS', value: 0.012, remote: 'mf_loan', version: '1.0.0-abc' },
  ])
  expect(hidden.calls).toEqual([{ path: '/utilities/loan/detail', kind: 'network', count: 2 }])
  expect(hidden.errors).toEqual([
    { remote: 'mf_loan', version: '1.0.0-abc', kind: 'error', message: 'order # of [private] not found' },
  ])
  // Nothing new: hiding again sends nothing.
  const count = beacons.length
  hide()
  await settle()
  expect(beacons).toHaveLength(count)
})

test('a report the browser refuses is dropped, never sent again', async () => {
  accept = false
  const reporter = createHealthReporter(options({ expectsRemote: false }))
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
    { session: { sessionId: 'sess-7f3a9c', deviceId: 'dev-1' }, globals: { orderId: '86' } },
    '?orderId=8612&utm_source=fb',
  )
  expect(values).toEqual(['sess-7f3a9c', 'dev-1', '8612'])
})

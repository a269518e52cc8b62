/**
 * What a benchmark run records in the page, and how the numbers are derived from it. The in-page part is a
 * plain script string (not a serialised function) so no transpiler helper can leak into the page.
 */

/** Installed before any page script: observers for paint, LCP, layout shifts and long tasks, and a
 * requestAnimationFrame poll for "the route's screen is in the DOM". */
export const PROBE_SCRIPT = `(() => {
  if (window.__bench) return
  const b = { lcp: null, lcpCount: 0, lcpElement: '', fcp: null, shifts: [], longTasks: [], readyAt: null }
  window.__bench = b
  try { performance.setResourceTimingBufferSize(5000) } catch (e) {}
  const describe = (el) => {
    if (!el || !el.tagName) return ''
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : ''
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40)
    return el.tagName.toLowerCase() + cls + (text ? ' "' + text + '"' : '')
  }
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true })
    } catch (e) {}
  }
  observe('largest-contentful-paint', (e) => {
    b.lcp = e.startTime
    b.lcpCount += 1
    b.lcpElement = describe(e.element)
  })
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') b.fcp = e.startTime
  })
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) b.shifts.push({ t: e.startTime, v: e.value })
  })
  observe('longtask', (e) => b.longTasks.push({ start: e.startTime, duration: e.duration }))
  // Ready: the app rendered something, or the page came with the screen rendered with the borrower's data
  // (its answers' block in the first frame, ADR 0054), and no route skeleton is visible. Checked once per
  // frame, recorded as the frame's time; it stops once the state has held for 3 s.
  let stableSince = null
  let dataFrame = false
  const check = (now) => {
    const root = document.getElementById('root')
    const frame = document.getElementById('first-frame')
    if (frame && frame.querySelector('script#rendered-loads')) dataFrame = true
    const framed = dataFrame && !!frame && frame.getClientRects().length > 0
    const skeleton = document.querySelector('[role=status][aria-label=Loading]')
    const loading = !!skeleton && skeleton.getClientRects().length > 0
    const ready = ((!!root && root.childElementCount > 0) || framed) && !loading
    if (!ready) { b.readyAt = null; stableSince = null }
    else if (b.readyAt === null) { b.readyAt = performance.now(); stableSince = now }
    if (stableSince === null || now - stableSince < 3000) requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})()`

/** The page's state, read when the load has settled. */
export const SNAPSHOT_EXPRESSION = `(() => {
  const b = window.__bench
  const nav = performance.getEntriesByType('navigation')[0]
  return {
    lcp: b.lcp,
    lcpElement: b.lcpElement,
    fcp: b.fcp,
    shifts: b.shifts,
    longTasks: b.longTasks,
    readyAt: b.readyAt,
    now: performance.now(),
    title: document.title,
    remoteMounted: !!document.querySelector('.remote-root'),
    remoteMountedAt: performance.getEntriesByName('remote-mounted')[0]?.startTime ?? null,
    retryShown: !!document.getElementById('retry-heading'),
    document: nav ? {
      url: nav.name, start: 0, end: nav.responseEnd, transfer: nav.transferSize, encoded: nav.encodedBodySize,
      protocol: nav.nextHopProtocol, initiator: 'navigation',
    } : null,
    resources: performance.getEntriesByType('resource').map((r) => ({
      url: r.name, start: r.startTime, end: r.responseEnd, transfer: r.transferSize, encoded: r.encodedBodySize,
      protocol: r.nextHopProtocol, initiator: r.initiatorType,
    })),
  }
})()`

/** What the settle loop polls (cheap). */
export const POLL_EXPRESSION = `(() => {
  const b = window.__bench
  return b ? {
    lcp: b.lcp, lcpCount: b.lcpCount, readyAt: b.readyAt, readyState: document.readyState,
    retryShown: !!document.getElementById('retry-heading'),
  } : null
})()`

export interface Timing {
  url: string
  start: number
  end: number
  transfer: number
  encoded: number
  protocol: string
  initiator: string
}

export interface Snapshot {
  lcp: number | null
  lcpElement: string
  fcp: number | null
  shifts: { t: number; v: number }[]
  longTasks: { start: number; duration: number }[]
  readyAt: number | null
  now: number
  title: string
  remoteMounted: boolean
  /** The shell's `remote-mounted` mark: the route's remote mounted (and hydrated); null without one. */
  remoteMountedAt: number | null
  retryShown: boolean
  document: Timing | null
  resources: Timing[]
}

export interface Poll {
  lcp: number | null
  lcpCount: number
  readyAt: number | null
  readyState: string
  retryShown: boolean
}

/**
 * Diagnostic only (BENCH_STRETCH_TIMERS=1): page timers of 3 s or more run 10× longer, so the shell's remote
 * loader timeouts (5 s per version, 8 s per route) cannot fire and a slow federated chain is measured to the
 * end instead of ending on the retry screen. Not the product as deployed.
 */
export const STRETCH_TIMERS_SCRIPT = `(() => {
  const original = window.setTimeout
  window.setTimeout = function (handler, ms, ...args) {
    return original.call(this, handler, typeof ms === 'number' && ms >= 3000 ? ms * 10 : ms, ...args)
  }
})()`

export const METRICS = [
  'lcpMs',
  'fcpMs',
  'cls',
  'tbtMs',
  'readyMs',
  'interactiveMs',
  'jsBytesBeforeLcp',
  'requestsBeforeLcp',
  'wavesBeforeLcp',
] as const
export type MetricName = (typeof METRICS)[number]
/** One load's figures; `interactiveMs` is null when the page set no `remote-mounted` mark. */
export type Metrics = Record<Exclude<MetricName, 'interactiveMs'>, number> & { interactiveMs: number | null }
/** Medians over loads: NaN where no load gave a value (null in the JSON). */
export type Medians = Record<MetricName, number>

export interface WaterfallRow {
  path: string
  start: number
  end: number
  wave: number
  transfer: number
  initiator: string
}

const API_PREFIXES = ['/utilities/', '/api/']

export function pathOf(url: string): string {
  try {
    const u = new URL(url)
    return u.pathname + u.search
  } catch {
    return url
  }
}

export function isScript(t: Timing): boolean {
  return /\.m?js$/.test(new URL(t.url).pathname) || t.initiator === 'script'
}

/** A path of the demo API (the borrower's data): `/utilities/…`, `/api/…`. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix))
}

/**
 * A call for the borrower's data: a fetch or XHR to the API. A picture the API's host serves (the demo's logos
 * under `/utilities/demo-pictures/`) is a picture, as it would be from a CDN in production: LCP counts it
 * when it is the largest paint, and the data is on screen without waiting for a logo.
 */
export function isApiCall(t: Timing): boolean {
  return (t.initiator === 'fetch' || t.initiator === 'xmlhttprequest') && isApiPath(new URL(t.url).pathname)
}

/** CLS as web-vitals defines it: the largest session window (gaps < 1 s, windows ≤ 5 s). */
export function cumulativeLayoutShift(shifts: { t: number; v: number }[]): number {
  let max = 0
  let sum = 0
  let first = -Infinity
  let last = -Infinity
  for (const { t, v } of [...shifts].sort((a, b) => a.t - b.t)) {
    if (t - last < 1000 && t - first < 5000) sum += v
    else {
      sum = v
      first = t
    }
    last = t
    max = Math.max(max, sum)
  }
  return max
}

/**
 * Total blocking time: for each long task after FCP (clipped at FCP) and before `until` (the end of the
 * load: network quiet for 2 s, our stand-in for TTI), the part beyond 50 ms.
 */
export function totalBlockingTime(tasks: { start: number; duration: number }[], fcp: number, until: number) {
  let total = 0
  for (const task of tasks) {
    const end = task.start + task.duration
    if (end <= fcp || task.start >= until) continue
    const blocking = Math.min(end, until) - Math.max(task.start, fcp) - 50
    if (blocking > 0) total += blocking
  }
  return total
}

/**
 * Serial request waves. The document is wave 1; a resource's wave is 1 + the highest wave of any resource
 * that had finished (responseEnd) when it started, or 2 when none had (it only waited for the document).
 */
export function waterfall(doc: Timing, resources: Timing[]): WaterfallRow[] {
  const rows: WaterfallRow[] = [
    {
      path: pathOf(doc.url),
      start: 0,
      end: doc.end,
      wave: 1,
      transfer: doc.transfer,
      initiator: 'navigation',
    },
  ]
  for (const r of [...resources].sort((a, b) => a.start - b.start)) {
    let wave = 2
    for (const earlier of rows) if (earlier.end <= r.start) wave = Math.max(wave, earlier.wave + 1)
    rows.push({
      path: pathOf(r.url),
      start: r.start,
      end: r.end,
      wave,
      transfer: r.transfer,
      initiator: r.initiator,
    })
  }
  return rows
}

export function computeMetrics(
  snap: Snapshot,
  settledAt: number,
): { metrics: Metrics; rows: WaterfallRow[] } {
  if (!snap.document || snap.lcp === null || snap.fcp === null) {
    throw new Error('the page reported no navigation timing, FCP or LCP')
  }
  const lcp = snap.lcp
  const rows = waterfall(snap.document, snap.resources)
  const apiEnd = Math.max(0, ...snap.resources.filter(isApiCall).map((r) => r.end))
  const jsBytes = snap.resources
    .filter((r) => isScript(r) && r.end <= lcp)
    .reduce((sum, r) => sum + r.transfer, 0)
  const before = rows.filter((r) => r.start <= lcp)
  return {
    metrics: {
      lcpMs: lcp,
      fcpMs: snap.fcp,
      cls: cumulativeLayoutShift(snap.shifts),
      tbtMs: totalBlockingTime(snap.longTasks, snap.fcp, settledAt),
      readyMs: Math.max(lcp, apiEnd, snap.readyAt ?? Number.NaN),
      interactiveMs: snap.remoteMountedAt,
      jsBytesBeforeLcp: jsBytes,
      requestsBeforeLcp: before.length,
      wavesBeforeLcp: Math.max(...before.map((r) => r.wave)),
    },
    rows,
  }
}

export function quantile(values: number[], q: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo)
}

export const median = (values: number[]) => quantile(values, 0.5)

/**
 * A figure over several sweeps (issue #26, item 5: `BENCH_SWEEPS`): each sweep's median, in sweep order, and
 * their median, the number a budget judges. With one sweep it is the plain median of its runs. The runs of a
 * sweep are the values tagged with its number; a sweep with no value is left out.
 */
export function sweepMedian(values: { sweep: number; value: number }[]): {
  median: number
  sweeps: number[]
} {
  const bySweep = new Map<number, number[]>()
  for (const { sweep, value } of values) {
    if (!Number.isFinite(value)) continue
    bySweep.set(sweep, [...(bySweep.get(sweep) ?? []), value])
  }
  const sweeps = [...bySweep.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => median(v))
  return { median: median(sweeps), sweeps }
}

/** Rounding per metric: milliseconds and bytes to integers, CLS to 4 decimals. */
export function roundMetric(name: MetricName, value: number): number {
  if (!Number.isFinite(value)) return value
  return name === 'cls' ? Math.round(value * 10_000) / 10_000 : Math.round(value)
}

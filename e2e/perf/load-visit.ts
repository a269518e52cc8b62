import type { CDPSession, Page } from '@playwright/test'
import type { BenchRoute, StorageFrom } from './common.ts'
import {
  computeMetrics,
  POLL_EXPRESSION,
  SNAPSHOT_EXPRESSION,
  type Metrics,
  type Poll,
  type Snapshot,
  type WaterfallRow,
} from './metrics.ts'

/**
 * One page load as `pnpm bench:load` measures it, shared by its profiles (cold, warm, after a release): the
 * throttling profile, the wait until the load has settled, and what the page recorded. The caller makes the
 * browser context (cache disabled or kept) and the page.
 */

/** DevTools' "Slow 4G" preset (Chromium 13x), as DESIGN.md §8 fixes it. */
export const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1000) / 8,
  uploadThroughput: (675 * 1000) / 8,
}
export const CPU_SLOWDOWN = 4
export const QUIET_MS = 2000

/**
 * federated and monolithic: the Node server; nginx: the federated build behind nginx, every page as its file
 * (the deployment before ADR 0055); rendered: the same nginx with the render service, data pages sent with the
 * borrower's data (production).
 */
export const BUILDS = ['federated', 'monolithic', 'nginx', 'rendered'] as const
export type Build = (typeof BUILDS)[number]

/** The configurations a route is measured in: the monolith only where it has the page; rendered on data pages. */
export const buildsOf = (route: BenchRoute): Build[] =>
  BUILDS.filter((b) => (b !== 'monolithic' || route.monolith) && (b !== 'rendered' || route.rendered))

/** Which configuration goes first rotates every run, so none always follows another. */
export function turnOrder<T>(builds: T[], run: number): T[] {
  const shift = (run - 1) % builds.length
  return [...builds.slice(shift), ...builds.slice(0, shift)]
}

/** Network and CPU throttling of the profile, on the page's DevTools session. */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', NETWORK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
}

/** One run of a route in one configuration, as every profile's report records it (its own fields beside). */
export interface MeasuredRun {
  route: string
  build: Build
  run: number
  sweep: number
  ok: boolean
  error?: string
  metrics?: Metrics
  lcpElement?: string
}

export type VisitResult =
  { ok: true; metrics: Metrics; lcpElement: string; rows: WaterfallRow[] } | { ok: false; error: string }

export interface VisitOptions {
  timeoutMs: number
  /** The page is throttled: warn when the document arrived faster than the emulated latency allows. */
  throttled: boolean
  /**
   * Keep waiting until this long after the navigation (and then for a quiet network again). A first visit that
   * fills the cache uses it: the shell starts its warm-up downloads 5 s after the first paint of a page that
   * mounts no remote, later than such a page settles.
   */
  minMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Loads `url` in `page` and resolves when the network has been quiet for 2 s, LCP has not changed for 2 s and
 * the screen is ready, or the route failed (the shell's retry screen, no remote mounted, a page error, no
 * settling within `timeoutMs`).
 */
export async function visit(
  page: Page,
  url: string,
  route: BenchRoute,
  options: VisitOptions,
): Promise<VisitResult> {
  let inflight = 0
  let lastActivity = Date.now()
  page.on('request', () => {
    inflight += 1
    lastActivity = Date.now()
  })
  const done = () => {
    inflight -= 1
    lastActivity = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))

  try {
    const started = Date.now()
    await page.goto(url, { waitUntil: 'commit', timeout: options.timeoutMs })
    let lcpKey = ''
    let lcpChanged = Date.now()
    let timedOut = false
    for (;;) {
      await sleep(250)
      const poll = (await page.evaluate(POLL_EXPRESSION)) as Poll | null
      const now = Date.now()
      const key = poll ? `${poll.lcp}|${poll.lcpCount}` : ''
      if (key !== lcpKey) {
        lcpKey = key
        lcpChanged = now
      }
      const quiet = inflight <= 0 && now - lastActivity >= QUIET_MS
      const lcpStable = poll?.lcp != null && now - lcpChanged >= QUIET_MS
      const longEnough = now - started >= (options.minMs ?? 0)
      if (poll && poll.readyState === 'complete' && poll.readyAt !== null && quiet && lcpStable && longEnough)
        break
      // The route failed (the shell gave up on its remote): nothing more to wait for.
      if (poll?.retryShown) break
      if (now - started > options.timeoutMs) {
        timedOut = true
        break
      }
    }
    const snap = (await page.evaluate(SNAPSHOT_EXPRESSION)) as Snapshot
    const problem = timedOut
      ? `did not settle within ${options.timeoutMs} ms`
      : snap.retryShown
        ? `the retry screen was shown after ${Math.round(snap.lcp ?? snap.now)} ms (the shell gave up loading the remote)`
        : route.remote && !snap.remoteMounted
          ? 'the remote was not mounted'
          : errors.length
            ? `page error: ${errors[0]}`
            : null
    if (problem) return { ok: false, error: problem }
    if (snap.document && snap.document.protocol !== 'h2') {
      console.warn(`  warning: the document came over ${snap.document.protocol}, not h2`)
    }
    if (options.throttled && snap.document && snap.document.end < NETWORK.latency) {
      console.warn(
        '  warning: the document arrived faster than the emulated latency: throttling is not applied',
      )
    }
    const { metrics, rows } = computeMetrics(snap, snap.now)
    return { ok: true, metrics, lcpElement: snap.lcpElement, rows }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.split('\n')[0] : String(error) }
  }
}

/** A tab's sessionStorage, as `tabStorageAfter` read it. */
export type TabStorage = Record<string, string>

/**
 * The sessionStorage a tab holds after loading `from.url` (unthrottled, not measured) and that page leaving
 * `from.key` there: what a route opened next in the same tab reads (common.ts `STORAGE_FROM`). The caller's
 * page is its own (a cold run disables its cache, so the route's files still come from the network).
 */
export async function tabStorageAfter(
  page: Page,
  origin: string,
  from: StorageFrom,
  timeoutMs: number,
): Promise<TabStorage> {
  await page.goto(origin + from.url, { waitUntil: 'commit', timeout: timeoutMs })
  await page.waitForFunction((key) => window.sessionStorage.getItem(key) !== null, from.key, {
    timeout: timeoutMs,
  })
  return readTabStorage(page)
}

/** The sessionStorage of the document `page` shows now. */
export function readTabStorage(page: Page): Promise<TabStorage> {
  return page.evaluate(() => ({ ...window.sessionStorage }))
}

/** Gives the documents `page` loads from now on the tab storage `entries`, before any script of theirs runs. */
export async function giveTabStorage(page: Page, entries: TabStorage): Promise<void> {
  await page.addInitScript((stored) => {
    try {
      for (const [key, value] of Object.entries(stored)) {
        if (window.sessionStorage.getItem(key) === null) window.sessionStorage.setItem(key, value)
      }
    } catch {
      // A document without storage of its own (about:blank): nothing to give.
    }
  }, entries)
}

import type { Medians } from './metrics.ts'

/**
 * The cold budgets of DESIGN.md §8 as revised after ADR 0021 (issue #26, item 4) and on 2026-11-27 (the JS
 * guard per build, the report path's 4 KiB): Slow 4G, CPU 4×, cold, medians; judged behind nginx, as
 * production serves, except federation's cost and the monolith's JS, which are measured on the Node server,
 * where both builds are served alike.
 */
export const BUDGET = {
  /** Every route, behind nginx: Web Vitals' "good" line. */
  lcpMs: 2500,
  /** Data routes, behind nginx: the screen with its data. */
  readyMs: 2300,
  /** Static routes, behind nginx (both promotion landings: `landingLcpMs`, three serial round trips). */
  staticLcpMs: 1200,
  landingLcpMs: 2000,
  /** nginx / Node server, median LCP and data on screen of the same federated build, every route. */
  nginxRatio: 1.0,
  /** federated − monolithic medians (LCP; data on screen on data routes), every route with a monolith page. */
  fedMinusMonoMs: 250,
  /**
   * Data routes: JS on the wire before the data paints (LCP), a regression guard, not a target: react-dom, the
   * router, single-spa and federation are 111 KiB before any screen code (ADR 0021). The federated build
   * behind nginx; the monolith of the same pages on the Node server.
   */
  jsBytes: 145 * 1024,
  monoJsBytes: 110 * 1024,
  /** Serial request waves before LCP, behind nginx (both promotion landings: `landingWaves`). */
  waves: 2,
  landingWaves: 3,
  /** CLS on static routes, and on the others. */
  staticCls: 0.01,
  cls: 0.05,
  /** Static routes: the route's remote mounted (and hydrated), so a tap is handled. */
  interactiveMs: 2800,
  /**
   * Data routes, behind nginx with the render service (issue #45, ADR 0055): the page comes with the borrower's
   * data, so data on screen and LCP are the document's round trip and paint, not the code's. Both lines hold
   * as written where a static page paints within `staticLcpMs`; on a slower machine they move by how much the
   * same run's static reference page (`RENDERED_REFERENCE`, behind nginx) is over it (ADR 0060).
   */
  renderedReadyMs: 1500,
  renderedLcpMs: 1800,
} as const

/**
 * The static page a run's rendered lines are set against (ADR 0060): no data, no first call, its text its
 * largest element, so its paint is the document's round trip and the page's own paint on this machine.
 * `pnpm bench:load` measures it whenever it measures a data route.
 */
export const RENDERED_REFERENCE = '/aboutUs'

/** How far the rendered lines move: the reference's median LCP behind nginx over `staticLcpMs`, else 0. */
export function renderedShiftMs(referenceLcpMs: number | null | undefined): number {
  return referenceLcpMs != null && Number.isFinite(referenceLcpMs)
    ? Math.max(0, Math.round(referenceLcpMs) - BUDGET.staticLcpMs)
    : 0
}

/**
 * `pnpm bench:size`, DESIGN.md §8: what the field health report path adds to the shell, brotli 11: its share of
 * the entry (the front that queues events until the reporter arrives; `entryBytes`, since it is on the way to
 * the first paint) plus the lazy chunk the reporter and Web Vitals come in after the first paint, together
 * within `bytes` (e2e/perf/report-path.ts).
 */
export const REPORT_PATH_BUDGET = { bytes: 4 * 1024, entryBytes: 0.6 * 1024 } as const

/** The promotion landings: the shell's `/promotion` and its standalone page (ADR 0017). */
export const LANDING_ROUTES: readonly string[] = ['/promotion', '/standalone/promotion']

/**
 * static: content known at release time (site pages, legal texts, the promotion form and its standalone
 * entry); data: a screen that shows the borrower's data; shell: the shell's own pages (the test page).
 */
export type RouteKind = 'static' | 'data' | 'shell'

export const STATIC_ROUTES: readonly string[] = [
  '/',
  '/aboutUs',
  '/privacyPolicy',
  '/loanAgreement',
  // The payment-channel guidance: the same steps and pictures for every borrower (ADR 0060).
  '/paymentInstructions',
  '/promotion',
  '/standalone/promotion',
]

export function routeKind(path: string, remote: string | null): RouteKind {
  if (STATIC_ROUTES.includes(path)) return 'static'
  return remote ? 'data' : 'shell'
}

export interface BudgetInput {
  route: string
  kind: RouteKind
  /** Valid runs and medians (NaN where no run gave a value) of each configuration; null when not measured. */
  nginx: { valid: number; medians: Medians }
  fed: { valid: number; medians: Medians }
  /** Null for a route without a monolith page (the standalone entry). */
  mono: { valid: number; medians: Medians } | null
  /** Behind nginx with the render service; null for a route whose page is no data page (not rendered). */
  rendered: { valid: number; medians: Medians } | null
  /** The same run's `RENDERED_REFERENCE` median LCP behind nginx; absent when the run did not measure it. */
  referenceLcpMs?: number | null
  /**
   * The route shows what another page stored in the tab (`/repaymentOfCode2`): data no server has, so the
   * rendered check does not apply (ADR 0060).
   */
  tabData?: boolean
}

/** One budget check: `pass` null when it does not apply to the route. */
export interface Check {
  name: string
  value: string
  pass: boolean | null
}

/** The checks' names, in the order budgetChecks returns them (the columns of the report's table). */
export const CHECK_NAMES = [
  `LCP ≤ ${BUDGET.lcpMs / 1000} s`,
  `data on screen ≤ ${BUDGET.readyMs / 1000} s (data)`,
  `LCP ≤ ${BUDGET.staticLcpMs / 1000} s static, ${BUDGET.landingLcpMs / 1000} s landings`,
  `nginx / Node ≤ ${BUDGET.nginxRatio.toFixed(2)} (LCP, data on screen)`,
  `fed − mono ≤ ${BUDGET.fedMinusMonoMs / 1000} s (LCP, data on screen; Node)`,
  `JS before the data paints ≤ ${BUDGET.jsBytes / 1024} KiB, monolith ${BUDGET.monoJsBytes / 1024} KiB (data)`,
  `waves before LCP ≤ ${BUDGET.waves} (landings ${BUDGET.landingWaves})`,
  `CLS ≤ ${BUDGET.staticCls} static, ${BUDGET.cls} other`,
  `interactive ≤ ${BUDGET.interactiveMs / 1000} s static`,
  `rendered: data on screen ≤ ${BUDGET.renderedReadyMs / 1000} s, LCP ≤ ${BUDGET.renderedLcpMs / 1000} s (data; + ${RENDERED_REFERENCE}'s LCP over ${BUDGET.staticLcpMs / 1000} s)`,
] as const

/** A check's cell in a report: n/a, or PASS / FAIL (bold in markdown) with its value. */
export const verdict = (c: Check, md: boolean) =>
  c.pass === null ? 'n/a' : `${c.pass ? 'PASS' : md ? '**FAIL**' : 'FAIL'} ${c.value}`

/** A difference in milliseconds with its sign (`+200 ms`, `−40 ms`). */
export const signedMs = (v: number) =>
  Number.isFinite(v) ? `${v >= 0 ? '+' : '−'}${Math.abs(Math.round(v))} ms` : '–'

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '–')
const kib = (v: number) => `${(v / 1024).toFixed(1)} KiB`
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? a / b : NaN)

/**
 * JS before the data paints: the federated build behind nginx, and the monolith (Node) where the route has one.
 * Both are guards: either over its line fails the check.
 */
function jsCheck(r: BudgetInput): Check {
  const name = CHECK_NAMES[5]
  const fed = r.nginx.medians.jsBytesBeforeLcp
  if (r.nginx.valid === 0) return { name, value: 'no valid run', pass: false }
  if (!r.mono) return { name, value: kib(fed), pass: fed <= BUDGET.jsBytes }
  const mono = r.mono.medians.jsBytesBeforeLcp
  if (r.mono.valid === 0) return { name, value: `${kib(fed)}, monolith: no valid run`, pass: false }
  return {
    name,
    value: `${kib(fed)}, monolith ${kib(mono)}`,
    pass: fed <= BUDGET.jsBytes && mono <= BUDGET.monoJsBytes,
  }
}

/**
 * Every cold check for one route, in CHECK_NAMES' order; one that does not apply to the route is `n/a`. All
 * but federation's cost are judged behind nginx (production); federation's cost on the Node server, where
 * both builds are served alike.
 */
export function budgetChecks(r: BudgetInput): Check[] {
  const n = r.nginx.medians
  const isStatic = r.kind === 'static'
  const isData = r.kind === 'data'
  const isLanding = LANDING_ROUTES.includes(r.route)
  const na = (i: number): Check => ({ name: CHECK_NAMES[i], value: 'n/a', pass: null })
  const at = (i: number, valid: number, value: string, pass: boolean): Check =>
    valid === 0
      ? { name: CHECK_NAMES[i], value: 'no valid run', pass: false }
      : { name: CHECK_NAMES[i], value, pass }
  const behindNginx = (i: number, value: string, pass: boolean) => at(i, r.nginx.valid, value, pass)

  const nginxLcp = ratio(n.lcpMs, r.fed.medians.lcpMs)
  const nginxReady = ratio(n.readyMs, r.fed.medians.readyMs)
  const fedMinusMono = r.mono
    ? {
        lcp: r.fed.medians.lcpMs - r.mono.medians.lcpMs,
        ready: r.fed.medians.readyMs - r.mono.medians.readyMs,
      }
    : null
  const staticLimit = isLanding ? BUDGET.landingLcpMs : BUDGET.staticLcpMs
  const waveLimit = isLanding ? BUDGET.landingWaves : BUDGET.waves
  const clsLimit = isStatic ? BUDGET.staticCls : BUDGET.cls
  return [
    behindNginx(0, ms(n.lcpMs), n.lcpMs <= BUDGET.lcpMs),
    isData ? behindNginx(1, ms(n.readyMs), n.readyMs <= BUDGET.readyMs) : na(1),
    isStatic ? behindNginx(2, ms(n.lcpMs), n.lcpMs <= staticLimit) : na(2),
    at(
      3,
      Math.min(r.nginx.valid, r.fed.valid),
      `${Number.isFinite(nginxLcp) ? nginxLcp.toFixed(2) : '–'}, ${Number.isFinite(nginxReady) ? nginxReady.toFixed(2) : '–'}`,
      nginxLcp <= BUDGET.nginxRatio && nginxReady <= BUDGET.nginxRatio,
    ),
    fedMinusMono && r.mono
      ? at(
          4,
          Math.min(r.fed.valid, r.mono.valid),
          isData
            ? `${signedMs(fedMinusMono.lcp)}, ${signedMs(fedMinusMono.ready)}`
            : signedMs(fedMinusMono.lcp),
          fedMinusMono.lcp <= BUDGET.fedMinusMonoMs &&
            (!isData || fedMinusMono.ready <= BUDGET.fedMinusMonoMs),
        )
      : na(4),
    isData ? jsCheck(r) : na(5),
    behindNginx(6, String(n.wavesBeforeLcp), n.wavesBeforeLcp <= waveLimit),
    behindNginx(7, Number.isFinite(n.cls) ? n.cls.toFixed(3) : '–', n.cls <= clsLimit),
    // No `remote-mounted` mark (a page without the shell's mark): not measured, so not passed.
    isStatic
      ? behindNginx(
          8,
          Number.isFinite(n.interactiveMs) ? ms(n.interactiveMs) : 'no remote-mounted mark',
          n.interactiveMs <= BUDGET.interactiveMs,
        )
      : na(8),
    isData ? renderedCheck(r) : na(9),
  ]
}

/**
 * A data route with the borrower's data in its page, against lines moved by the run's static reference (ADR
 * 0060); one whose page is no data page is not rendered: a miss. A route showing the tab's data: n/a.
 */
function renderedCheck(r: BudgetInput): Check {
  const name = CHECK_NAMES[9]
  if (r.tabData) return { name, value: "n/a: the tab's data", pass: null }
  if (!r.rendered) return { name, value: 'not rendered (no data page)', pass: false }
  if (r.rendered.valid === 0) return { name, value: 'no valid run', pass: false }
  const m = r.rendered.medians
  const shift = renderedShiftMs(r.referenceLcpMs)
  const ready = BUDGET.renderedReadyMs + shift
  const lcp = BUDGET.renderedLcpMs + shift
  const lines = shift
    ? ` (lines ${ms(ready)}, ${ms(lcp)}: ${RENDERED_REFERENCE} at ${ms(r.referenceLcpMs!)})`
    : ''
  return {
    name,
    value: `${ms(m.readyMs)}, ${ms(m.lcpMs)}${lines}`,
    pass: m.readyMs <= ready && m.lcpMs <= lcp,
  }
}

/**
 * Issue #26, item 4, for the warm and release profiles of `pnpm bench:load` (medians, Slow 4G, CPU 4×):
 * - warm (a returning borrower: the HTTP cache of a first visit kept, the page revalidated): data on screen
 *   ≤ `warmReadyMs` on data routes, judged behind nginx as production serves it (a static route's own floor,
 *   the landing's three serial round trips for its captcha, is above it: DESIGN.md §8); federation's cost,
 *   federated − monolithic median LCP on the Node server (same server, same help), ≤ `warmFedMinusMonoMs`,
 *   judged as a difference and reported with the ratio;
 * - after one remote's release (warm from a visit before it): the federated build, on the Node server and
 *   behind nginx, downloads no more than the released remote's own files: besides the page (never cached),
 *   the borrower's data (never cached) and `/registry.json` (revalidated), every byte is a file of the
 *   released version, and those are at most that version's files as sent (`releaseOtherBytes` is what may
 *   come from anywhere else).
 */
export const REVISIT_BUDGET = {
  warmReadyMs: 1500,
  warmFedMinusMonoMs: 100,
  releaseOtherBytes: 0,
  /**
   * Issue #45: a data page rendered with the borrower's data is no worse than the same page as its file, warm
   * and after a release (data on screen, medians behind nginx), within this much (the medians' own noise).
   */
  renderedNoWorseMs: 50,
} as const

import type { Medians } from './metrics.ts'

/**
 * The budgets of issue #16 (Slow 4G, CPU 4×, cold, medians), checked by `pnpm bench:load` against the
 * federated build served by the Node server, plus the ratios to the fair monolith and to nginx.
 */
export const BUDGET = {
  /** federated / monolithic median LCP, every route with a monolith counterpart. */
  lcpRatio: 1.05,
  /** nginx / Node server median LCP of the same federated build, every route. */
  nginxRatio: 1.05,
  waves: 2,
  jsBytes: 150 * 1024,
  /** CLS on static routes, and on the others (DESIGN.md §8). */
  staticCls: 0.01,
  cls: 0.05,
  staticLcpMs: 1200,
  /** Static routes: the route's remote mounted (and hydrated), so a tap is handled. */
  interactiveMs: 2800,
  /** Data routes: the screen with its data. */
  readyMs: 2200,
} as const

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
  '/promotion',
  '/standalone/promotion',
]

export function routeKind(path: string, remote: string | null): RouteKind {
  if (STATIC_ROUTES.includes(path)) return 'static'
  return remote ? 'data' : 'shell'
}

export interface BudgetInput {
  kind: RouteKind
  /** Valid runs of the federated build (Node server). */
  valid: number
  /** Its medians (NaN where no run gave a value). */
  medians: Medians
  /** federated / monolithic LCP: null when it could not be computed, 'n/a' without a monolith counterpart. */
  lcpRatio: number | null | 'n/a'
  /** nginx / Node LCP, null when it could not be computed. */
  nginxRatio: number | null
}

/** One budget check: `pass` null when it does not apply to the route. */
export interface Check {
  name: string
  value: string
  pass: boolean | null
}

/** The checks' names, in the order budgetChecks returns them (the columns of the report's table). */
export const CHECK_NAMES = [
  `fed/mono LCP ≤ ${BUDGET.lcpRatio.toFixed(2)}`,
  `nginx/node LCP ≤ ${BUDGET.nginxRatio.toFixed(2)}`,
  `waves before LCP ≤ ${BUDGET.waves}`,
  `JS before LCP ≤ ${BUDGET.jsBytes / 1024} KiB`,
  `CLS ≤ ${BUDGET.staticCls} static, ${BUDGET.cls} other`,
  `LCP ≤ ${BUDGET.staticLcpMs / 1000} s static`,
  `interactive ≤ ${BUDGET.interactiveMs / 1000} s static`,
  `data on screen ≤ ${BUDGET.readyMs / 1000} s data`,
] as const

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '–')
const kib = (v: number) => `${(v / 1024).toFixed(1)} KiB`

/** Every check for one route, in CHECK_NAMES' order; one that does not apply to the route is `n/a`. */
export function budgetChecks(r: BudgetInput): Check[] {
  const m = r.medians
  const isStatic = r.kind === 'static'
  const na = (name: string): Check => ({ name, value: 'n/a', pass: null })
  const at = (i: number, value: string, pass: boolean): Check =>
    r.valid === 0
      ? { name: CHECK_NAMES[i], value: 'no valid federated run', pass: false }
      : { name: CHECK_NAMES[i], value, pass }
  const ratio = (i: number, value: number | null) =>
    at(
      i,
      value?.toFixed(2) ?? '–',
      value !== null && value <= (i === 0 ? BUDGET.lcpRatio : BUDGET.nginxRatio),
    )
  const clsLimit = isStatic ? BUDGET.staticCls : BUDGET.cls
  return [
    r.lcpRatio === 'n/a' ? na(CHECK_NAMES[0]) : ratio(0, r.lcpRatio),
    ratio(1, r.nginxRatio),
    at(2, String(m.wavesBeforeLcp), m.wavesBeforeLcp <= BUDGET.waves),
    at(3, kib(m.jsBytesBeforeLcp), m.jsBytesBeforeLcp <= BUDGET.jsBytes),
    at(4, Number.isFinite(m.cls) ? m.cls.toFixed(3) : '–', m.cls <= clsLimit),
    isStatic ? at(5, ms(m.lcpMs), m.lcpMs <= BUDGET.staticLcpMs) : na(CHECK_NAMES[5]),
    // No `remote-mounted` mark (a page without the shell's mark): not measured, so not passed.
    isStatic
      ? at(
          6,
          Number.isFinite(m.interactiveMs) ? ms(m.interactiveMs) : 'no remote-mounted mark',
          m.interactiveMs <= BUDGET.interactiveMs,
        )
      : na(CHECK_NAMES[6]),
    r.kind === 'data' ? at(7, ms(m.readyMs), m.readyMs <= BUDGET.readyMs) : na(CHECK_NAMES[7]),
  ]
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
} as const

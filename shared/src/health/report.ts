/**
 * A page's health report (issue #32, ADR 0033): what each remote it mounted did, how fast, how the screen felt
 * (Web Vitals), what broke (uncaught errors, failed calls). The page sends it (reporter.ts), the deploy server
 * checks it with this schema and stores it. Nothing in it names the borrower: no session parameters, user,
 * order or phone numbers, no URL with a query (`redact` and `callPath` strip them on the page, the schema's
 * limits bound what a forged report can carry).
 */

export type { HealthPage, HealthReporter } from './deferred'

export const HEALTH_REPORT_VERSION = 1
/** A body larger than this is no report of ours (the server answers 413). */
export const HEALTH_REPORT_MAX_BYTES = 16 * 1024
export const TEXT_MAX = 200
export const NAME = /^[\w.@:/-]{1,120}$/

/** What became of a remote the page wanted on screen. */
export const REMOTE_OUTCOMES = [
  'mounted',
  'fallback',
  'contract-refused',
  'retry-screen',
  'mount-timeout',
  'not-released',
] as const
export type RemoteOutcome = (typeof REMOTE_OUTCOMES)[number]

/** Why a call failed: no answer, no answer in time, an answer that is no envelope, a refusal envelope. */
export const CALL_FAILURES = ['network', 'timeout', 'bad-envelope', 'refusal'] as const
export type CallFailure = (typeof CALL_FAILURES)[number]

export const VITALS = ['LCP', 'INP', 'CLS'] as const
export type VitalName = (typeof VITALS)[number]

/** The browser engine classes a report names (ADR 0047); any other engine is `other`. */
export const ENGINES = ['webkit', 'chromium', 'gecko', 'other'] as const
export type EngineName = (typeof ENGINES)[number]
/** The highest major version a report may name; a larger one is read as this (no engine is near it). */
export const ENGINE_MAJOR_MAX = 999

/**
 * The page's engine class and major version, and the vitals it cannot report (the browser has no entry type
 * for them: WebKit before iOS 26.2 reports no LCP, and no CLS at all), so that a missing vital is never read
 * as a good one. Nothing more identifying: no user agent, no device model.
 */
export interface ReportEngine {
  name: EngineName
  /** 0 when the user agent names none. */
  major: number
  unreported: VitalName[]
}

/** One report; `report-schema.ts` checks one against these limits on the server. */
export interface HealthReport {
  v: typeof HEALTH_REPORT_VERSION
  /** The route's path from the route table, never the address (`/loanDetails`, not `/loanDetails?orderId=…`). */
  route: string
  /** Why it was sent: the page loaded (and its remote settled), or the page was hidden. */
  phase: 'load' | 'hidden'
  /** Absent from a page served before engines were reported (ADR 0047): its load's engine is `unknown`. */
  engine?: ReportEngine
  remotes: {
    remote: string
    version: string
    outcome: RemoteOutcome
    /** For a fallback: the version that failed first. */
    from?: string
    reason?: string
    /** Milliseconds per load stage (registry, manifest, runtime, entry, contract, mount). */
    phases: Record<string, number>
  }[]
  vitals: { name: VitalName; value: number; remote: string; version: string }[]
  errors: { remote: string; version: string; kind: 'error' | 'rejection'; message: string }[]
  calls: { path: string; kind: CallFailure; count: number }[]
}

/** Items per list a report carries at most. */
export const REPORT_LIMITS = { remotes: 10, vitals: 12, errors: 10, calls: 20 } as const

/**
 * Text that may leave the page: every known private value (the session's parameters, which the reporter
 * passes: `privateValues`, none shorter than 3 characters) replaced, URLs cut to origin and path, and any run of 4+ digits (ids, phone numbers) masked.
 */
export function redact(value: string, secrets: readonly string[] = []): string {
  let out = value
  for (const secret of secrets) out = out.split(secret).join('[private]')
  return out
    .replace(/(https?:\/\/[^\s?#"')]+)[?#][^\s"')]*/g, '$1')
    .replace(/\d{4,}/g, '#')
    .slice(0, TEXT_MAX)
}

/** A call's path as a report names it: no query or fragment, numeric segments as `:n`. */
export function callPath(path: string): string {
  const bare = (path.split(/[?#]/)[0] || '/').replace(/\/\d+(?=\/|$)/g, '/:n')
  const clean = bare.startsWith('/') ? bare : `/${bare}`
  return /^\/[\w/.:-]{0,120}$/.test(clean) ? clean : '/_other'
}

/** The remote whose files a stack or script URL names (`/remotes/mf-loan/1.2.0-abc/…`), else the shell. */
export function remoteOfStack(stack: string): { remote: string; version: string } | null {
  const match = /\/remotes\/mf-([a-z]+)\/([\w.-]+)\//.exec(stack)
  return match ? { remote: `mf_${match[1]}`, version: match[2] } : null
}

import * as v from 'valibot'
import {
  CALL_FAILURES,
  HEALTH_REPORT_VERSION,
  NAME,
  REMOTE_OUTCOMES,
  REPORT_LIMITS,
  TEXT_MAX,
  VITALS,
  type HealthReport,
} from './report'

/** A health report as the server accepts it (ADR 0033): every field bounded, nothing more than the page sends. */
const name = v.pipe(v.string(), v.regex(NAME))
const text = v.pipe(v.string(), v.maxLength(TEXT_MAX))
const ms = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(3_600_000))

export const HealthReportSchema = v.strictObject({
  v: v.literal(HEALTH_REPORT_VERSION),
  /** The route's path from the route table, never the address (`/loanDetails`, not `/loanDetails?orderId=…`). */
  route: v.pipe(v.string(), v.regex(/^\/[\w/-]{0,80}$/)),
  /** Why this report was sent: the page loaded, or was hidden. */
  phase: v.picklist(['load', 'hidden']),
  remotes: v.pipe(
    v.array(
      v.strictObject({
        remote: name,
        version: name,
        outcome: v.picklist(REMOTE_OUTCOMES),
        /** For a fallback: the version that failed first. */
        from: v.optional(name),
        reason: v.optional(text),
        /** Milliseconds per load stage (registry, manifest, entry, app, mount…). */
        phases: v.pipe(v.record(v.pipe(v.string(), v.regex(/^[a-z-]{1,20}$/)), ms), v.maxEntries(12)),
      }),
    ),
    v.maxLength(REPORT_LIMITS.remotes),
  ),
  vitals: v.pipe(
    v.array(
      v.strictObject({
        name: v.picklist(VITALS),
        value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(3_600_000)),
        remote: name,
        version: name,
      }),
    ),
    v.maxLength(REPORT_LIMITS.vitals),
  ),
  errors: v.pipe(
    v.array(
      v.strictObject({
        remote: name,
        version: name,
        kind: v.picklist(['error', 'rejection']),
        message: text,
      }),
    ),
    v.maxLength(REPORT_LIMITS.errors),
  ),
  calls: v.pipe(
    v.array(
      v.strictObject({
        path: v.pipe(v.string(), v.regex(/^\/[\w/.:-]{0,120}$/)),
        kind: v.picklist(CALL_FAILURES),
        count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
      }),
    ),
    v.maxLength(REPORT_LIMITS.calls),
  ),
}) satisfies v.GenericSchema<unknown, HealthReport>

/** The report in `value`, or null with the first problem; for the server (and the page's own tests). */
export function checkHealthReport(value: unknown): { report: HealthReport } | { problem: string } {
  const result = v.safeParse(HealthReportSchema, value)
  if (result.success) return { report: result.output }
  const issue = result.issues[0]
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? ''
  return { problem: `${path || 'report'}: ${issue.message}` }
}

import * as v from 'valibot'
import {
  CALL_FAILURES,
  ENGINE_MAJOR_MAX,
  ENGINES,
  HEALTH_REPORT_VERSION,
  NAME,
  REMOTE_OUTCOMES,
  REPORT_LIMITS,
  TEXT_MAX,
  VITALS,
  type EngineName,
  type HealthReport,
} from './report'

/** A health report as the server accepts it (ADR 0033): every field bounded, nothing more than the page sends. */
const ROUTE = /^\/[\w/-]{0,80}$/
const CALL_PATH = /^\/[\w/.:-]{0,120}$/
const STAGE = /^[a-z-]{1,20}$/
const name = v.pipe(v.string(), v.regex(NAME))
const text = v.pipe(v.string(), v.maxLength(TEXT_MAX))
const ms = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(3_600_000))

const ENGINE = v.strictObject({
  /** An engine class the store does not know is `other`, never refused: a new browser still counts. */
  name: v.pipe(
    v.string(),
    v.maxLength(40),
    v.transform((name): EngineName =>
      (ENGINES as readonly string[]).includes(name) ? (name as EngineName) : 'other',
    ),
  ),
  major: v.pipe(
    v.number(),
    v.finite(),
    v.transform((major) => Math.min(Math.max(Math.trunc(major), 0), ENGINE_MAJOR_MAX)),
  ),
  unreported: v.pipe(
    v.array(v.picklist(VITALS)),
    v.maxLength(VITALS.length),
    v.check((names) => new Set(names).size === names.length, 'a vital named twice'),
  ),
})

const REPORT = v.strictObject({
  v: v.literal(HEALTH_REPORT_VERSION),
  /** The route's path from the route table, never the address (`/loanDetails`, not `/loanDetails?orderId=…`). */
  route: v.pipe(v.string(), v.regex(ROUTE)),
  /** Why this report was sent: the page loaded, or was hidden. */
  phase: v.picklist(['load', 'hidden']),
  /** The page's engine class, major version and the vitals it cannot report (ADR 0047). */
  engine: v.optional(ENGINE),
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
        phases: v.pipe(v.record(v.pipe(v.string(), v.regex(STAGE)), ms), v.maxEntries(12)),
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
        path: v.pipe(v.string(), v.regex(CALL_PATH)),
        kind: v.picklist(CALL_FAILURES),
        count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
      }),
    ),
    v.maxLength(REPORT_LIMITS.calls),
  ),
})

export const HealthReportSchema = v.pipe(
  REPORT,
  // A vital the page's own engine says it cannot report is no measurement of it.
  v.forward(
    v.check(
      (report) => report.vitals.every((vital) => !report.engine?.unreported.includes(vital.name)),
      'a vital its engine cannot report',
    ),
    ['vitals'],
  ),
) satisfies v.GenericSchema<unknown, HealthReport>

/** Each format the schema checks by its rule's name, for problems that never quote what was sent. */
const FORMATS = new Map<unknown, string>([
  [NAME, 'not a name'],
  [ROUTE, 'not a route path'],
  [CALL_PATH, 'not a call path'],
  [STAGE, 'not a stage name'],
])

/** The report's own field names: the only keys a problem's path repeats (any other key is the sender's). */
function fieldNames(schema: unknown, into = new Set<string>()): Set<string> {
  const node = schema as {
    entries?: Record<string, unknown>
    item?: unknown
    wrapped?: unknown
    pipe?: unknown[]
  }
  for (const [key, entry] of Object.entries(node.entries ?? {})) fieldNames(entry, into.add(key))
  for (const inner of [node.item, node.wrapped, ...(node.pipe?.slice(1) ?? [])])
    if (inner) fieldNames(inner, into)
  return into
}
const FIELDS = fieldNames(HealthReportSchema)

/**
 * Why valibot refused it, in words that hold none of the input. Its own messages quote the value received
 * ("… but received "/repay?phone=…""), and a refused report's problem is answered, logged and kept.
 */
function rule(issue: v.BaseIssue<unknown>): string {
  if (issue.expected === 'never') return 'a field the page never sends'
  if (issue.kind === 'schema' && issue.received === 'undefined') return 'missing'
  // The schema's own checks carry their own words, none of them the input's.
  if (issue.type === 'check') return issue.message
  if (issue.type === 'regex') return FORMATS.get(issue.requirement) ?? 'not in the expected form'
  if (issue.type === 'max_length' || issue.type === 'max_entries')
    return `longer than ${String(issue.requirement)}`
  return `expected ${issue.expected ?? issue.type}`
}

/**
 * The report in `value`, or the first problem as `<path>: <rule>` (`remotes.0.version: not a name`); the path
 * stops at the first key the sender chose. For the server (and the page's own tests).
 */
export function checkHealthReport(value: unknown): { report: HealthReport } | { problem: string } {
  const result = v.safeParse(HealthReportSchema, value)
  if (result.success) return { report: result.output }
  const issue = result.issues[0]
  const keys = (issue.path ?? []).map((p) => p.key)
  const known = keys.findIndex((key) => typeof key !== 'number' && !FIELDS.has(String(key)))
  const path = (known === -1 ? keys : keys.slice(0, known)).join('.')
  return { problem: `${path || 'report'}: ${rule(issue)}` }
}

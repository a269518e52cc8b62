import type { IncomingMessage, ServerResponse } from 'node:http'
import { mediaType, readCappedBody } from './capped-body'

/**
 * CSP violation reports, as the demo server receives them at CSP_REPORT_PATH (security-headers.ts): the
 * CSP's `report-uri` posts `application/csp-report`, its `report-to` (Reporting API) `application/reports+json`.
 * Production sends them to its collector instead (ADR 0025); this keeps the last few and logs them, so a
 * violation in the demo or the e2e suite is seen.
 */

/** A body larger than this is no report of ours (nginx.conf's `/csp-report` has the same limit). */
export const CSP_REPORT_MAX_BYTES = 64 * 1024

/** Reports kept; older ones are dropped. */
export const CSP_REPORTS_KEPT = 100

/** Log lines per minute at most: a flood of reports must not become a flood of log. */
const LOGGED_PER_MINUTE = 20

const FIELD_MAX = 200

export interface CspReport {
  /** When it arrived (ISO). */
  at: string
  /** The page, without query or fragment: addresses carry the borrower's session. */
  documentUrl: string
  directive: string
  /** What was blocked: a URL without query, or a keyword (`inline`, `eval`). */
  blocked: string
  sourceFile: string
  line: number | null
  /** `enforce` or `report`. */
  disposition: string
}

/** A URL without credentials, query or fragment; a keyword as it is; both cut to FIELD_MAX characters. */
function clean(value: unknown): string {
  if (typeof value !== 'string') return ''
  let out = value
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') out = url.origin + url.pathname
    else out = url.protocol.replace(/:$/, '')
  } catch {
    out = value.split(/[?#]/)[0]
  }
  return out.slice(0, FIELD_MAX)
}

/** The fields of a report, by the names its format gives them. */
type FieldNames = Record<Exclude<keyof CspReport, 'at'>, string>

function record(fields: Record<string, unknown>, names: FieldNames): CspReport {
  const line = fields[names.line]
  return {
    at: new Date().toISOString(),
    documentUrl: clean(fields[names.documentUrl]),
    directive: clean(fields[names.directive]),
    blocked: clean(fields[names.blocked]),
    sourceFile: clean(fields[names.sourceFile]),
    line: typeof line === 'number' && Number.isFinite(line) ? line : null,
    disposition: clean(fields[names.disposition]) || 'enforce',
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The reports in a body of `type` (`application/csp-report` or `application/reports+json`); null when the
 * body is not one (not JSON, not the shape). Reports of other kinds in a Reporting API batch are skipped.
 */
export function parseCspReports(type: string, body: string): CspReport[] | null {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return null
  }
  if (type === 'application/csp-report') {
    const report = isObject(value) ? value['csp-report'] : null
    if (!isObject(report)) return null
    return [
      record(report, {
        documentUrl: 'document-uri',
        directive: 'effective-directive' in report ? 'effective-directive' : 'violated-directive',
        blocked: 'blocked-uri',
        sourceFile: 'source-file',
        line: 'line-number',
        disposition: 'disposition',
      }),
    ]
  }
  if (!Array.isArray(value)) return null
  return value
    .filter((item): item is { body: Record<string, unknown> } => {
      return isObject(item) && item.type === 'csp-violation' && isObject(item.body)
    })
    .map((item) =>
      record(item.body, {
        documentUrl: 'documentURL',
        directive: 'effectiveDirective',
        blocked: 'blockedURL',
        sourceFile: 'sourceFile',
        line: 'lineNumber',
        disposition: 'disposition',
      }),
    )
}

/** The last CSP_REPORTS_KEPT reports, each logged (at most LOGGED_PER_MINUTE lines a minute). */
export class CspReportLog {
  private readonly kept: CspReport[] = []
  private minute = 0
  private loggedThisMinute = 0
  private unlogged = 0

  constructor(
    private readonly limit = CSP_REPORTS_KEPT,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  add(reports: readonly CspReport[]): void {
    for (const report of reports) {
      this.kept.push(report)
      if (this.kept.length > this.limit) this.kept.shift()
      this.logLine(report)
    }
  }

  /** The kept reports, oldest first. */
  list(): readonly CspReport[] {
    return [...this.kept]
  }

  private logLine(report: CspReport): void {
    const minute = Math.floor(Date.now() / 60_000)
    if (minute !== this.minute) {
      if (this.unlogged > 0) this.log(`[csp] ${this.unlogged} more reports not logged`)
      this.minute = minute
      this.loggedThisMinute = 0
      this.unlogged = 0
    }
    if (this.loggedThisMinute >= LOGGED_PER_MINUTE) {
      this.unlogged += 1
      return
    }
    this.loggedThisMinute += 1
    const where = report.sourceFile ? ` (${report.sourceFile}:${report.line ?? '?'})` : ''
    this.log(
      `[csp] ${report.disposition} ${report.directive} blocked ${report.blocked || '?'} on ${report.documentUrl}${where}`,
    )
  }
}

const REPORT_TYPES = new Set(['application/csp-report', 'application/reports+json'])

/**
 * Answers a POST of CSP reports: 204 once recorded; 405 for another method, 415 for another type, 413 past
 * CSP_REPORT_MAX_BYTES (declared or sent), 400 for a body that is not a report. `headers` go on every answer.
 */
export function receiveCspReport(
  req: IncomingMessage,
  res: ServerResponse,
  reports: CspReportLog,
  headers: Record<string, string>,
): void {
  const answer = (status: number, extra: Record<string, string> = {}) => {
    if (res.headersSent || res.destroyed) return
    const body = status === 204 ? '' : `${status === 413 ? 'Too large' : 'Not a CSP report'}\n`
    res.writeHead(status, {
      ...headers,
      'Cache-Control': 'no-store',
      ...(body ? { 'Content-Type': 'text/plain; charset=utf-8' } : {}),
      ...extra,
    })
    res.end(body)
  }
  if (req.method !== 'POST') return answer(405, { Allow: 'POST' })
  const type = mediaType(req)
  if (!REPORT_TYPES.has(type)) {
    req.resume()
    return answer(415)
  }
  readCappedBody(
    req,
    CSP_REPORT_MAX_BYTES,
    (body) => {
      // Declared too large: the connection closes rather than read what nobody will keep.
      if (body === null)
        return answer(
          413,
          Number(req.headers['content-length']) > CSP_REPORT_MAX_BYTES ? { Connection: 'close' } : {},
        )
      const parsed = parseCspReports(type, body)
      if (!parsed) return answer(400)
      reports.add(parsed)
      answer(204)
    },
    () => res.destroy(),
  )
}

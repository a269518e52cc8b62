import { TEXT_MAX, type HealthReport } from 'shared/health'
import { checkHealthReport } from 'shared/health/report-schema'

/**
 * Privacy on the server (issue #41, item 4): what a report says is kept and exported only once nothing in it
 * can name a borrower. The page already redacts (`redact` in shared/src/health/report.ts), but anyone can POST
 * a report, and an older or broken page may not: free text (a remote's `reason`, an error's `message`) is
 * redacted here; a field that names something (a route, a call path, a remote or version) and carries a
 * private value cannot be made safe by cutting it, so the report is refused, saying which field and why,
 * never the value.
 */

/** Key words of `key=value` pairs whose value is private (`sessionId=…`, `"token":"…"`, `order_no: …`). */
const PRIVATE_KEY =
  /(?<![\w.-])\\?["']?((?:[\w.-]*?(?:session|token|password|passwd|secret|auth|cookie|phone|mobile|msisdn|e-?mail|user|order|account|card)[\w.-]*|(?:[\w.-]*[_.-])?(?:sid|pwd|otp|pin)))\\?["']?(\s*[=:]\s*)(\\?"(?:[^"\\]|\\(?!"))*\\?"|'[^']*'|[^\s&,;"'<>()[\]{}\\]+)/gi
const BEARER = /\bBearer\s+[^\s"',;]+/gi
const ABSOLUTE_URL = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>()]+/gi
/** A path with a query or fragment (`/utilities/order/detail?orderId=86`): the path is kept. */
const RELATIVE_QUERY = /(\/[\w.~%/:-]*)[?#][^\s"'<>()]*/g
const EMAIL = /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi
/** JWT-like: three base64url parts; one digit at least, so `Application.prototype.handleRequest` is no token. */
const JWT = /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g
/** A run of 20+ base64url characters (hex included) mixing letters and digits: an id, a key, a session. */
const OPAQUE = /[\w-]{20,}/g
/** Seven digits or more, with an optional `+` and spaces or dashes between (`+63 917 123 4567`, `0917-123-4567`). */
const PHONE = /\+?\d(?:[ -]?\d){6,}/g

const hasDigit = (text: string) => /\d/.test(text)
const opaque = (run: string) => hasDigit(run) && /[a-z]/i.test(run)

function originAndPath(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.origin === 'null'
      ? `${parsed.protocol}${parsed.pathname}`
      : `${parsed.origin}${parsed.pathname}`
  } catch {
    return '[url]'
  }
}

/** Free text as the server keeps and exports it: the private parts replaced by a marker, the rest as sent. */
export function scrubText(text: string): string {
  return text
    .replace(ABSOLUTE_URL, originAndPath)
    .replace(RELATIVE_QUERY, '$1')
    .replace(BEARER, 'Bearer [redacted]')
    .replace(
      PRIVATE_KEY,
      (match: string, _key: string, _separator: string, value: string) =>
        `${match.slice(0, match.length - value.length)}[redacted]`,
    )
    .replace(EMAIL, '[email]')
    .replace(JWT, (run) => (hasDigit(run) ? '[token]' : run))
    .replace(OPAQUE, (run) => (opaque(run) ? '[token]' : run))
    .replace(PHONE, '[phone]')
    .slice(0, TEXT_MAX)
}

/** What private value a name or path carries, if any: such a field cannot be cut, only refused. */
export function privateIn(value: string, { digits = true } = {}): string | null {
  if (/[?#&=]/.test(value)) return 'a query'
  if (value.search(EMAIL) !== -1) return 'an e-mail address'
  if (!digits) return null
  if (value.search(PHONE) !== -1) return 'a phone number'
  if ((value.match(OPAQUE) ?? []).some(opaque) || (value.match(JWT) ?? []).some(hasDigit)) return 'a token'
  return null
}

/**
 * A checked report with its free text scrubbed, or the first field that carries a private value. Names are
 * checked for e-mail addresses only: a version's content hash may hold seven digits in a row.
 */
export function scrubReport(report: HealthReport): { report: HealthReport } | { problem: string } {
  const named: [string, string, boolean][] = [
    ['route', report.route, true],
    ...report.calls.map((c, i): [string, string, boolean] => [`calls.${i}.path`, c.path, true]),
    ...(['remotes', 'vitals', 'errors'] as const).flatMap((list) =>
      report[list].flatMap((item, i) =>
        Object.entries(item)
          .filter(([key]) => key === 'remote' || key === 'version' || key === 'from')
          .map(([key, value]): [string, string, boolean] => [`${list}.${i}.${key}`, String(value), false]),
      ),
    ),
  ]
  for (const [field, value, digits] of named) {
    const found = privateIn(value, { digits })
    if (found) return { problem: `${field}: carries ${found}` }
  }
  return {
    report: {
      ...report,
      remotes: report.remotes.map((r) =>
        r.reason === undefined ? r : { ...r, reason: scrubText(r.reason) },
      ),
      errors: report.errors.map((e) => ({ ...e, message: scrubText(e.message) })),
    },
  }
}

/** The body of a POST as the collector keeps it: checked against the schema, then scrubbed. */
export function safeHealthReport(value: unknown): { report: HealthReport } | { problem: string } {
  const checked = checkHealthReport(value)
  return 'problem' in checked ? checked : scrubReport(checked.report)
}

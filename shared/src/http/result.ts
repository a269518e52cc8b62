import type { RawResponse } from './request'

/** The request helper's answers: a server's envelope, or a failure that says why, as a result (ADR 0012). */

/** What every call resolves with; a call never rejects. */
export interface HttpResult<T = unknown> {
  success: boolean
  code: string | number | null
  message: string
  data: T | null
  raw: unknown
  /**
   * `'unknown'`: a money call the server never answered with an envelope, which it may or may not have done.
   * Point the borrower at the order's status (ADR 0012).
   */
  outcome?: 'unknown'
}

export const MESSAGES = {
  network: 'Network error. Please check your connection and try again.',
  timeout: 'The request timed out. Please try again.',
  badResponse: 'The server sent an unexpected response. Please try again later.',
  busy: 'Your previous request is still being processed.',
  unknownOutcome: 'We could not confirm the result. Please check your order status before trying again.',
  tooLarge: 'The file is too large to upload.',
  notSent: 'This request could not be sent. Please try again later or contact customer service.',
} as const

/** Server messages longer than this are cut in the toast (the result keeps the whole text). */
export const TOAST_MESSAGE_MAX = 200

/** A message as the failure toast shows it: at most TOAST_MESSAGE_MAX characters, then an ellipsis. */
export function toastText(message: string): string {
  const chars = Array.from(message)
  return chars.length > TOAST_MESSAGE_MAX
    ? `${chars.slice(0, TOAST_MESSAGE_MAX).join('').trimEnd()}…`
    : message
}

/**
 * Whether the server itself answered a call, so that a money call's outcome is known (ADR 0012): its body is
 * an envelope (`{ code, … }`), with a 2xx status, or with another status as the server's own refusal (a
 * failure code and a message: nginx's 413 and 429 envelopes, an API's 4xx). Anything else (a 500 or 503
 * page, a 408, a CDN's 52x, a gateway's 502 / 504, a 2xx whose body is HTML from a WAF or a captive portal,
 * truncated JSON) may have come after the server did the call, or instead of it: the outcome is unknown.
 */
export function serverAnswered(response: RawResponse): boolean {
  const parsed = parseBody(response.text)
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !('code' in parsed)) return false
  if (response.status >= 200 && response.status < 300) return true
  const result = toResult(parsed)
  return !result.success && result.code !== null && serverMessage(parsed as { message?: unknown }) !== ''
}

/** A call succeeds when its code parses to integer 0 (`0`, `'0'`, `'00'`). */
export function isSuccessCode(code: unknown): boolean {
  if (typeof code === 'number') return code === 0
  if (typeof code === 'string') return /^\s*[+-]?\d+\s*$/.test(code) && Number(code) === 0
  return false
}

/** Turns an envelope `{ code, message, data }` (already parsed) into a result. */
export function toResult<T>(raw: unknown): HttpResult<T> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !('code' in raw)) {
    return { success: false, code: null, message: MESSAGES.badResponse, data: null, raw }
  }
  const envelope = raw as { code: unknown; message?: unknown; msg?: unknown; data?: unknown }
  const code = typeof envelope.code === 'string' || typeof envelope.code === 'number' ? envelope.code : null
  const message = serverMessage(envelope)
  const success = isSuccessCode(code)
  return {
    success,
    code,
    message: success || message ? message : MESSAGES.badResponse,
    data: (envelope.data ?? null) as T | null,
    raw,
  }
}

function serverMessage(envelope: { message?: unknown; msg?: unknown }): string {
  if (typeof envelope.message === 'string') return envelope.message
  return typeof envelope.msg === 'string' ? envelope.msg : ''
}

/**
 * A status and body as a result. A status outside 2xx is a failure whatever the body says (a proxy's or an
 * auth layer's answer can carry a success envelope that was never the business answer); the server's own
 * refusal (a failure code with a message) keeps its message, anything else gets one for its status.
 */
export function responseResult<T>(response: RawResponse): HttpResult<T> {
  const parsed = parseBody(response.text)
  const raw = parsed === undefined ? response.text : parsed
  const result: HttpResult<T> =
    parsed === undefined
      ? { success: false, code: null, message: MESSAGES.badResponse, data: null, raw }
      : toResult<T>(parsed)
  if (response.status >= 200 && response.status < 300) return result
  const refusal =
    !result.success && result.code !== null && serverMessage(parsed as { message?: unknown }) !== ''
  if (refusal) return result
  return {
    success: false,
    code: null,
    message: response.status === 413 ? MESSAGES.tooLarge : MESSAGES.badResponse,
    data: null,
    raw,
  }
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** A money call with no answer from the server: it may or may not have been done. */
export function unknownOutcome<T>(raw: unknown): HttpResult<T> {
  return { success: false, code: null, message: MESSAGES.unknownOutcome, data: null, raw, outcome: 'unknown' }
}

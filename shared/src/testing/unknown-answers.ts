import axios from 'axios'
import { delay, HttpResponse } from 'msw'
import { createHttp, type CallOptions, type Http } from '../http/http'
import { toastNotifier } from '../ui/ui'
import type { TestProps } from './testing'

/**
 * Every way a money call can end without the server's own answer (issue #30, ADR 0012): the helper gives
 * each an unknown outcome and keeps the intent's Idempotency-Key, so the borrower's next tap is the same
 * intent. 'a timeout' needs the helper's timeout shortened (`withShortTimeouts`).
 */
export const UNKNOWN_OUTCOME_ANSWERS: [string, () => Response | Promise<Response>][] = [
  ['a 500 page', () => HttpResponse.html('<h1>Internal Server Error</h1>', { status: 500 })],
  ['a 503', () => HttpResponse.text('Service Unavailable', { status: 503 })],
  ['a 408', () => new HttpResponse(null, { status: 408 })],
  ['a 524 (a CDN gave up)', () => HttpResponse.text('A timeout occurred', { status: 524 })],
  ['a 200 with HTML (a WAF or captive portal)', () => HttpResponse.html('<html>Sign in to Wi-Fi</html>')],
  [
    'a 200 with truncated JSON',
    () =>
      new HttpResponse('{"code":"00","data":{"url":"htt', {
        headers: { 'Content-Type': 'application/json' },
      }),
  ],
  [
    'a timeout',
    async () => {
      await delay(TEST_TIMEOUT_MS * 5)
      return HttpResponse.json({ code: '00', message: 'late' })
    },
  ],
  ['a network error', () => HttpResponse.error()],
]

/** The timeout `withShortTimeouts` gives calls in these tests. */
export const TEST_TIMEOUT_MS = 100

/** `http` with every call's timeout `ms` unless the call names its own. */
function withTimeoutMs<H extends Http>(http: H, ms: number): H {
  const timed = (options: CallOptions = {}): CallOptions => ({ timeoutMs: ms, ...options })
  return {
    ...http,
    get: (path, params, options) => http.get(path, params, timed(options)),
    post: (path, body, options) => http.post(path, body, timed(options)),
    upload: (path, field, file, extra, options) => http.upload(path, field, file, extra, timed(options)),
  }
}

/**
 * `props` whose request helper gives up after TEST_TIMEOUT_MS: a timeout a test can wait for. Over axios'
 * fetch adapter, since MSW's XMLHttpRequest stand-in never fires a timeout; the helper is the same.
 */
export function withShortTimeouts<P extends TestProps>(props: P): P {
  const http = createHttp({
    baseURL: props.settings.apiBase,
    appOrigin: window.location.origin,
    query: () => ({ ...props.session.session, ...props.session.tracking }) as Record<string, string>,
    notifier: toastNotifier,
    client: axios.create({
      adapter: 'fetch',
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      validateStatus: () => true,
    }),
  })
  return { ...props, http: withTimeoutMs(http, TEST_TIMEOUT_MS) }
}

import type { AxiosInstance } from 'axios'
import { afterNextPaint, loadOnce, withTimeout } from '../schedule/schedule'
import {
  CALL_HEADERS,
  callKey,
  callUrl,
  toForm,
  type Endpoint,
  type FormBody,
  type RawResponse,
} from './request'

export type { FormBody, FormValue } from './request'

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

export type LoadingText = 'loading...' | 'uploading...' | 'saving...'

export interface CallOptions {
  /** Do not toast the server message (or the failure message) when the call fails. */
  silent?: boolean
  /** Show this loading toast while the call runs. */
  loading?: LoadingText
  /**
   * A money-moving call: one borrower intent (method, path, body), one `Idempotency-Key` kept until the server
   * answers with an envelope; anything else is `outcome: 'unknown'`. ADR 0012 has the rules.
   */
  money?: boolean
  /** Replaces the key the helper keeps for a money call (an intent that must outlive the page, say). */
  idempotencyKey?: string
  /** Overrides the 60 s timeout. */
  timeoutMs?: number
}

export interface Http {
  get<T = unknown>(path: string, params?: FormBody, options?: CallOptions): Promise<HttpResult<T>>
  post<T = unknown>(path: string, body?: FormBody, options?: CallOptions): Promise<HttpResult<T>>
  /** Multipart upload of one file under `field`, plus extra form fields. */
  upload<T = unknown>(
    path: string,
    field: string,
    file: Blob,
    extra?: FormBody,
    options?: CallOptions,
  ): Promise<HttpResult<T>>
}

export interface Notifier {
  /** Shows a loading toast; returns its close function. */
  loading(text: LoadingText): () => void
  error(message: string): void
}

export interface HttpConfig extends Endpoint {
  /** Session and tracking parameters, read at every call so a refreshed session is used at once. */
  query: () => Record<string, string>
  notifier: Notifier
  /** For tests: a preconfigured axios instance. */
  client?: AxiosInstance
  /** For tests: generates idempotency keys. */
  newKey?: () => string
  /**
   * The answer to a call the page already started (first-call.ts: `takeFirstCall`), by its `callKey`; null
   * when it started none such. Never asked for money calls or uploads.
   */
  firstCall?: (key: string) => Promise<RawResponse | null> | null
}

export const TIMEOUT_MS = 60_000

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
function serverAnswered(response: RawResponse): boolean {
  const parsed = parseBody(response.text)
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !('code' in parsed)) return false
  if (response.status >= 200 && response.status < 300) return true
  const result = toResult(parsed)
  return !result.success && result.code !== null && serverMessage(parsed as { message?: unknown }) !== ''
}

const NO_QUERY = () => ({})

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

function randomKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/** How long a hidden page (which paints no frames) waits before the first call goes anyway. */
export const PAINT_WAIT_MS = 100

/** The host's request helper: the contract's `Http`, plus loading axios ahead of the first call. */
export interface HostHttp extends Http {
  /**
   * Loads axios now (a host calls it once the page is up), so a user's first call does not wait for it.
   * Resolves when it is loaded, or could not be (a later call tries again).
   */
  preload(): Promise<void>
  /** Resolves once no call is in flight (at once when none is): when a screen's data has arrived. */
  quiet(): Promise<void>
}

export function createHttp(config: HttpConfig): HostHttp {
  // axios is loaded by the first call, after the frame being painted, so it is never part of a screen's first
  // paint (ADR 0008); a failed chunk load is forgotten so the next call tries again.
  const preset = config.client
  const getClient = preset
    ? () => Promise.resolve(preset)
    : loadOnce(() =>
        afterNextPaint(PAINT_WAIT_MS)
          .then(() => import('axios'))
          .then(({ default: axios }) =>
            axios.create({
              timeout: TIMEOUT_MS,
              // We parse ourselves so a non-JSON body becomes a clear failure, not an exception.
              responseType: 'text',
              transformResponse: [(data: unknown) => data],
              validateStatus: () => true,
            }),
          ),
      )
  let inFlightCalls = 0
  const quietWaiters: (() => void)[] = []
  const newKey = config.newKey ?? randomKey
  /** Money calls in flight, by intent: a double tap shares the first one's answer. */
  const inFlight = new Map<string, Promise<HttpResult<unknown>>>()
  /** Each money intent's Idempotency-Key, kept until the server has answered it. */
  const intentKeys = new Map<string, string>()
  const fileIds = new WeakMap<Blob, number>()
  let fileCount = 0

  /** The call over axios: its status and body text. */
  const request = async (
    method: 'GET' | 'POST',
    url: URL,
    data: URLSearchParams | FormData | undefined,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<RawResponse> => {
    const response = await (
      await getClient()
    ).request<unknown>({ method, url: url.href, data, headers, timeout: timeoutMs, withCredentials: false })
    return { status: response.status, text: response.data as string }
  }

  const send = async <T>(
    method: 'GET' | 'POST',
    path: string,
    data: URLSearchParams | FormData | undefined,
    params: FormBody | undefined,
    options: CallOptions,
  ): Promise<HttpResult<T>> => {
    // The session never leaves the app's and the API's origins (callUrl).
    const url = callUrl(config, path, config.query, params)
    const headers: Record<string, string> = { ...CALL_HEADERS }
    if (options.money) headers['Idempotency-Key'] = options.idempotencyKey ?? newKey()
    const timeoutMs = options.timeoutMs ?? TIMEOUT_MS
    const close = options.loading ? config.notifier.loading(options.loading) : null
    let result: HttpResult<T>
    inFlightCalls += 1
    try {
      const started =
        options.money || data instanceof FormData ? null : config.firstCall?.(callKey(method, url, data))
      const response =
        (started && (await withTimeout(started, { maxMs: timeoutMs }, startedTimedOut))) ??
        (await request(method, url, data, headers, timeoutMs))
      result =
        options.money && !serverAnswered(response)
          ? unknownOutcome(response.text)
          : responseResult<T>(response)
    } catch (error) {
      const code = (error as { isAxiosError?: boolean; code?: unknown } | null)?.code
      const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT'
      // A money call may have reached the server before the wait or the connection ended.
      result = options.money
        ? unknownOutcome(null)
        : {
            success: false,
            code: null,
            message: timedOut ? MESSAGES.timeout : MESSAGES.network,
            data: null,
            raw: null,
          }
    } finally {
      close?.()
      inFlightCalls -= 1
      if (inFlightCalls === 0) quietWaiters.splice(0).forEach((resolve) => resolve())
    }
    if (!result.success && !options.silent) config.notifier.error(toastText(result.message))
    return result
  }

  /**
   * Runs a money call once per intent at a time, with the intent's key (CallOptions.money); other calls run
   * as they are.
   */
  const guarded = <T>(
    intentOfCall: () => string,
    options: CallOptions,
    run: (options: CallOptions) => Promise<HttpResult<T>>,
  ) => {
    if (!options.money) return run(options)
    const intent = intentOfCall()
    const pending = inFlight.get(intent)
    if (pending) return pending as Promise<HttpResult<T>>
    const own = options.idempotencyKey
    const key = own ?? intentKeys.get(intent) ?? newKey()
    if (!own) intentKeys.set(intent, key)
    const promise = run({ ...options, idempotencyKey: key })
      .then((result) => {
        if (result.outcome !== 'unknown' && intentKeys.get(intent) === key) intentKeys.delete(intent)
        return result
      })
      .finally(() => inFlight.delete(intent))
    inFlight.set(intent, promise)
    return promise
  }

  /** What the server sees of a call, less the session query (which a refresh may change between taps). */
  const intentOf = (method: 'GET' | 'POST', path: string, body?: URLSearchParams) =>
    callKey(method, callUrl(config, path, NO_QUERY), body)

  /**
   * Runs a call so that it never throws or rejects, whatever it is given (issue #30): a mistyped API base, an
   * opaque page origin (`file://`, a sandboxed frame), a body that cannot be encoded, a session reader that
   * throws. Such a call was never sent, so even a money call's outcome is known: a failure with
   * `MESSAGES.notSent`, toasted unless silent, and its reason logged for whoever reads the console.
   */
  const never = <T>(
    method: string,
    path: string,
    options: CallOptions,
    run: () => Promise<HttpResult<T>>,
  ) => {
    const notSent = (error: unknown): HttpResult<T> => {
      const reason = error instanceof Error ? error.message : String(error)
      console.error(`[http] ${method} ${String(path).split('?')[0]} was not sent: ${reason}`)
      if (!options.silent) {
        try {
          config.notifier.error(MESSAGES.notSent)
        } catch {
          // A notifier that cannot show a toast leaves the screen to show the failure.
        }
      }
      return { success: false, code: null, message: MESSAGES.notSent, data: null, raw: null }
    }
    try {
      return run().catch(notSent)
    } catch (error) {
      return Promise.resolve(notSent(error))
    }
  }

  return {
    quiet: () =>
      inFlightCalls === 0 ? Promise.resolve() : new Promise<void>((resolve) => quietWaiters.push(resolve)),
    preload: () =>
      getClient().then(
        () => undefined,
        () => undefined,
      ),
    get: (path, params, options = {}) =>
      never('GET', path, options, () =>
        guarded(
          () => intentOf('GET', path, toForm(params)),
          options,
          (opts) => send('GET', path, undefined, params, opts),
        ),
      ),
    post: (path, body, options = {}) =>
      never('POST', path, options, () => {
        const form = toForm(body)
        return guarded(
          () => intentOf('POST', path, form),
          options,
          (opts) => send('POST', path, form, undefined, opts),
        )
      }),
    upload: (path, field, file, extra, options = {}) =>
      never('POST', path, options, () => {
        const fields = toForm(extra)
        const form = new FormData()
        for (const [key, value] of fields) form.append(key, value)
        form.append(field, file)
        // A file is the same intent while it is the same object the borrower picked.
        const intent = () => {
          if (!fileIds.has(file)) fileIds.set(file, ++fileCount)
          return `${intentOf('POST', path, fields)}\n${field}=#file-${fileIds.get(file)}`
        }
        return guarded(intent, options, (opts) =>
          send('POST', path, form, undefined, { loading: 'uploading...', ...opts }),
        )
      }),
  }
}

/** A call the page started, given up after the call's timeout as axios gives up (its timeout error). */
const startedTimedOut = () => Object.assign(new Error('timeout'), { code: 'ECONNABORTED' })

/** A money call with no answer from the server: it may or may not have been done. */
function unknownOutcome<T>(raw: unknown): HttpResult<T> {
  return { success: false, code: null, message: MESSAGES.unknownOutcome, data: null, raw, outcome: 'unknown' }
}

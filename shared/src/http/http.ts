/**
 * The request helper: the transport (axios, loaded after the first paint; a call the page started), the
 * money-intent guard (`money-intents.ts`) and the reading of answers (`result.ts`).
 */

import type { CallFailure } from '../health/report'
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
import { createIntentGuard, randomKey } from './money-intents'
import {
  MESSAGES,
  responseResult,
  serverAnswered,
  toastText,
  unknownOutcome,
  type HttpResult,
} from './result'

export { apiOriginUrl, type FormBody, type FormValue } from './request'
export {
  isSuccessCode,
  MESSAGES,
  responseResult,
  TOAST_MESSAGE_MAX,
  toastText,
  toResult,
  type HttpResult,
} from './result'

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
  /**
   * A call whose answer nobody reads (tracking: the spec ignores it), sent while the borrower goes on: its
   * caller never awaits it (issue #40: a tap never waits for analytics). Silent, and not part of a screen's
   * data, so `quiet()` does not wait for it either.
   */
  background?: boolean
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
  /** Told of every failed call that was sent: its path and why (field health, ADR 0033). */
  onFailure?: (path: string, kind: CallFailure) => void
}

export const TIMEOUT_MS = 60_000

const NO_QUERY = () => ({})

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
  const guarded = createIntentGuard(newKey)
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
    const counted = !options.background
    let result: HttpResult<T>
    let failure: CallFailure
    if (counted) inFlightCalls += 1
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
      failure = serverAnswered(response) ? 'refusal' : 'bad-envelope'
    } catch (error) {
      const code = (error as { isAxiosError?: boolean; code?: unknown } | null)?.code
      const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT'
      failure = timedOut ? 'timeout' : 'network'
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
      if (counted) inFlightCalls -= 1
      if (inFlightCalls === 0) quietWaiters.splice(0).forEach((resolve) => resolve())
    }
    if (!result.success) config.onFailure?.(path, failure)
    if (!result.success && !options.silent) config.notifier.error(toastText(result.message))
    return result
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
    get: (path, params, given = {}) => {
      const options = callOptions(given)
      return never('GET', path, options, () =>
        guarded(
          () => intentOf('GET', path, toForm(params)),
          options,
          (opts) => send('GET', path, undefined, params, opts),
        ),
      )
    },
    post: (path, body, given = {}) => {
      const options = callOptions(given)
      return never('POST', path, options, () => {
        const form = toForm(body)
        return guarded(
          () => intentOf('POST', path, form),
          options,
          (opts) => send('POST', path, form, undefined, opts),
        )
      })
    },
    upload: (path, field, file, extra, given = {}) => {
      const options = callOptions(given)
      return never('POST', path, options, () => {
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
      })
    },
  }
}

/** A background call is silent: nobody waits for it, so nobody is there to be told it failed. */
const callOptions = (options: CallOptions): CallOptions =>
  options.background ? { ...options, silent: true } : options

/** A call the page started, given up after the call's timeout as axios gives up (its timeout error). */
const startedTimedOut = () => Object.assign(new Error('timeout'), { code: 'ECONNABORTED' })

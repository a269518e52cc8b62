import type { CallOptions } from './http'
import type { HttpResult } from './result'

/** A fresh Idempotency-Key. */
export function randomKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/**
 * The money-intent guard of one request helper (ADR 0012): each intent's key, kept until the server has
 * answered it, and the intents in flight, so that a double tap shares the first call's answer.
 */
export function createIntentGuard(newKey: () => string) {
  /** Money calls in flight, by intent: a double tap shares the first one's answer. */
  const inFlight = new Map<string, Promise<HttpResult<unknown>>>()
  /** Each money intent's Idempotency-Key, kept until the server has answered it. */
  const intentKeys = new Map<string, string>()

  /**
   * Runs a money call once per intent at a time, with the intent's key (CallOptions.money); other calls run
   * as they are.
   */
  return <T>(
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
}

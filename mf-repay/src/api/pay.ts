import type { CallOptions, Http } from 'shared/http'
import { object, requiredText, toApiResult } from 'shared/schema'
import { GENERATE_VCODE_PATH } from './paths'

export { GENERATE_VCODE_PATH }

export interface PayInput {
  productId: string
  orderId: string
  /** The amount as the server gave it on the repayment page. */
  amount: string
  channelNumber: string
  /** An extension (rollover) payment. */
  delay: boolean
}

export type PayResult =
  | { ok: true; payUrl: string }
  /** `unknown`: the answer never came (ADR 0012); the helper has told the borrower so. */
  | { ok: false; unknown: boolean; message: string; notified: boolean }

const PayAnswer = object({ payUrl: requiredText })

/**
 * Asks for the payment page of the chosen channel: a money call (one borrower intent, one Idempotency-Key,
 * never retried; the body holds only what the borrower chose). Failures are toasted by the request helper.
 */
export async function generatePayUrl(http: Http, input: PayInput): Promise<PayResult> {
  const options: CallOptions = { money: true, loading: 'loading...' }
  const result = await http.post(
    GENERATE_VCODE_PATH,
    {
      productId: input.productId || undefined,
      orderId: input.orderId || undefined,
      amount: input.amount,
      channelNumber: input.channelNumber,
      isDelay: input.delay ? 1 : undefined,
    },
    options,
  )
  if (result.outcome === 'unknown') {
    return { ok: false, unknown: true, message: result.message, notified: true }
  }
  const parsed = toApiResult(result, options, 'generate-vcode', PayAnswer)
  return parsed.ok ? { ok: true, payUrl: parsed.data.payUrl } : { ...parsed, unknown: false }
}

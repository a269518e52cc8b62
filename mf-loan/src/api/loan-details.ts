import type { CallOptions, Http } from 'shared/http'
import { flag, list, number, parseLenient, requiredText, text } from 'shared/schema'
import * as v from 'valibot'

import { GOOGLE_SCORE_PATH, LOAN_DETAILS_PATH } from './paths'

export { GOOGLE_SCORE_PATH, LOAN_DETAILS_PATH }

/** What an endpoint function resolves with; `notified`: the request helper has already toasted the failure. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; message: string; notified: boolean }

export const MALFORMED_MESSAGE = 'The server sent an unexpected response. Please try again later.'

const RecProduct = v.object({
  productId: requiredText,
  logo: text,
  name: text,
  buttonText: text,
  amountRange: text,
  rangeDesc: text,
  rate: text,
  description: text,
  // Only an explicit 0 greys a product out: one the server did not flag stays usable.
  globally: number(1),
})

const DetailLine = v.object({ text, value: text })

const LoanDetailsData = v.object({
  // A missing status is an unknown one: it shows 200's icon and no buttons.
  orderStatus: text,
  noticeStatusText: text,
  noticeDesText: text,
  productName: text,
  productLogo: text,
  userOrderDetail: v.optional(v.object({ detail: list(DetailLine) }), { detail: [] }),
  recProducts: list(RecProduct),
  inside: flag,
  isDelay: flag,
  telephone: text,
  isScore: flag,
  playeduL: text,
  reyMsg: text,
  KindTipsMsg: text,
  cardNeedPop: flag,
  cardPopTitle: text,
  cardPopMsg: text,
})

export type RecProduct = v.InferOutput<typeof RecProduct>
export type DetailLine = v.InferOutput<typeof DetailLine>

export interface LoanDetails {
  orderStatus: string
  noticeStatusText: string
  noticeDesText: string
  productName: string
  productLogo: string
  /** Lines with a value (an empty line is not shown). */
  detail: DetailLine[]
  recProducts: RecProduct[]
  /** The market flag: recommended products may show. */
  inside: boolean
  isDelay: boolean
  telephone: string
  isScore: boolean
  /** The continuation link. */
  playeduL: string
  reyMsg: string
  /** '' when the server sent no tips (its presence is what matters). */
  kindTipsMsg: string
  cardNeedPop: boolean
  cardPopTitle: string
  cardPopMsg: string
}

export function parseLoanDetails(data: unknown): LoanDetails | null {
  const parsed = parseLenient('loan-details', LoanDetailsData, data)
  if (!parsed.ok) return null
  const { userOrderDetail, KindTipsMsg, ...rest } = parsed.value
  return {
    ...rest,
    detail: userOrderDetail.detail.filter((line) => line.value !== ''),
    kindTipsMsg: KindTipsMsg,
  }
}

/** A successful call's data through `parse`; a failed call keeps the helper's message. */
export function toApiResult<T>(
  result: { success: boolean; message: string; data: unknown },
  options: CallOptions,
  parse: (data: unknown) => T | null,
): ApiResult<T> {
  if (!result.success) return { ok: false, message: result.message, notified: !options.silent }
  const data = parse(result.data)
  return data === null ? { ok: false, message: MALFORMED_MESSAGE, notified: false } : { ok: true, data }
}

export interface LoanDetailsInput {
  productId?: string
  orderId?: string
}

/** The order's status, product, lines and what the page offers; silent: the screen shows the failure. */
export async function getLoanDetails(http: Http, input: LoanDetailsInput): Promise<ApiResult<LoanDetails>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(
    LOAN_DETAILS_PATH,
    { productId: input.productId || undefined, orderId: input.orderId || undefined },
    options,
  )
  return toApiResult(result, options, parseLoanDetails)
}

/** The app rating; the spec sends 5 whatever was picked (the stars only choose what follows). */
export async function sendGoogleScore(http: Http, score: number): Promise<boolean> {
  const result = await http.post(GOOGLE_SCORE_PATH, { score })
  return result.success
}

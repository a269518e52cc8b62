import type { CallOptions, Http } from 'shared/http'
import { flag, isOne, list, number, requiredText, text, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'

import { GOOGLE_SCORE_PATH, LOAN_DETAILS_PATH } from './paths'

export { GOOGLE_SCORE_PATH, LOAN_DETAILS_PATH }

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
  // The spec turns these on with 1 exactly ('isDelay 1', 'isScore is 1', 'cardNeedPop is 1'): 2 or -1 is off.
  isDelay: isOne,
  telephone: text,
  isScore: isOne,
  playeduL: text,
  reyMsg: text,
  KindTipsMsg: text,
  cardNeedPop: isOne,
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

const LoanDetailsSchema = v.pipe(
  LoanDetailsData,
  v.transform(({ userOrderDetail, KindTipsMsg, ...rest }): LoanDetails => ({
    ...rest,
    detail: userOrderDetail.detail.filter((line) => line.value !== ''),
    kindTipsMsg: KindTipsMsg,
  })),
)

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
  return toApiResult(result, options, 'loan-details', LoanDetailsSchema)
}

/** The app rating; the spec sends 5 whatever was picked (the stars only choose what follows). */
export async function sendGoogleScore(http: Http, score: number): Promise<boolean> {
  const result = await http.post(GOOGLE_SCORE_PATH, { score })
  return result.success
}

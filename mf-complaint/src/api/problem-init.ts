import type { CallOptions, Http } from 'shared/http'
import { list, object, maybeNumber, record, text, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'

export const PROBLEM_INIT_PATH = '/user-problem/problem-init'

/** The question type whose complaints concern collection: it needs a sub-type and an order that allows it. */
export const COLLECTION_TYPE = '1'

/** title/value pairs; an entry without a value is dropped, a missing title shows the value. */
const OptionSchema = v.pipe(
  object({ title: text, value: v.pipe(text, v.minLength(1)) }),
  v.transform(({ title, value }) => ({ title: title || value, value })),
)

/** title/value rows shown as they come; a row with neither is dropped. */
const rows = v.pipe(
  list(object({ title: text, value: text })),
  v.transform((items) => items.filter((row) => row.title !== '' || row.value !== '')),
)

/** An order as the complaint entry shows it (`orderDetail` and each `orderList` entry). */
const OrderSchema = v.pipe(
  object({
    orderNo: text,
    productLogo: text,
    productName: text,
    status: text,
    /** 1 when the order accepts collection complaints; null when the server did not say. */
    isShow: maybeNumber,
    list: rows,
  }),
  v.transform(({ list: orderRows, ...order }) => ({ ...order, rows: orderRows })),
)

/** Malformed parts are treated as empty (and logged), so the entry still shows what it can. */
export const ProblemInitSchema = record({
  problemType: list(OptionSchema),
  problemSonType: list(OptionSchema),
  orderDetail: v.optional(v.nullable(OrderSchema), null),
  orderList: list(OrderSchema),
})

export type Option = v.InferOutput<typeof OptionSchema>
export type ComplaintOrder = v.InferOutput<typeof OrderSchema>
export type ProblemInit = v.InferOutput<typeof ProblemInitSchema>

/** Question types, sub-types, the current order and the borrower's other orders. */
export async function getProblemInit(
  http: Http,
  orderId: string | undefined,
): Promise<ApiResult<ProblemInit>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(PROBLEM_INIT_PATH, { orderId: orderId || undefined }, options)
  return toApiResult(result, options, 'problem-init', ProblemInitSchema)
}

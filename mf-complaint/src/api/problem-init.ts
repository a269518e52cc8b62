import type { CallOptions, Http } from 'shared/http'
import {
  asArray,
  asNumber,
  asOptions,
  asRecord,
  asRows,
  asText,
  toApiResult,
  type ApiResult,
  type Option,
} from './validate'

export const PROBLEM_INIT_PATH = '/user-problem/problem-init'

/** The question type whose complaints concern collection: it needs a sub-type and an order that allows it. */
export const COLLECTION_TYPE = '1'

export interface ProblemInitInput {
  orderId?: string
}

/** An order as the complaint entry shows it (`orderDetail` and each `orderList` entry). */
export interface ComplaintOrder {
  orderNo: string
  productLogo: string
  productName: string
  status: string
  /** 1 when the order accepts collection complaints; null when the server did not say. */
  isShow: number | null
  rows: Option[]
}

export interface ProblemInit {
  problemType: Option[]
  problemSonType: Option[]
  orderDetail: ComplaintOrder | null
  orderList: ComplaintOrder[]
}

export function parseOrder(value: unknown): ComplaintOrder | null {
  const record = asRecord(value)
  if (!record) return null
  return {
    orderNo: asText(record.orderNo),
    productLogo: asText(record.productLogo),
    productName: asText(record.productName),
    status: asText(record.status),
    isShow: asNumber(record.isShow),
    rows: asRows(record.list),
  }
}

/** Malformed parts are treated as empty, so the entry still shows what it can. */
export function parseProblemInit(data: unknown): ProblemInit {
  const record = asRecord(data) ?? {}
  return {
    problemType: asOptions(record.problemType),
    problemSonType: asOptions(record.problemSonType),
    orderDetail: parseOrder(record.orderDetail),
    orderList: asArray(record.orderList).flatMap((entry) => parseOrder(entry) ?? []),
  }
}

/** Question types, sub-types, the current order and the borrower's other orders. */
export async function getProblemInit(
  http: Http,
  orderId: string | undefined,
): Promise<ApiResult<ProblemInit>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(PROBLEM_INIT_PATH, { orderId: orderId || undefined }, options)
  return toApiResult(result, options, parseProblemInit)
}

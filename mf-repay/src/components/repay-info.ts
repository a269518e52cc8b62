import { list, object, parseLenient, requiredText, text } from 'shared/schema'
import * as v from 'valibot'
import type { DefDetail, OrderIds } from '../api/repay-detail'
import { isAmount } from './amount'

/** Where the instalment and extension pages leave what `/repaymentOfCode2` shows (this tab only). */
export const REPAY_INFO_KEY = 'repayInfo'

const NoticeGroup = v.object({
  group: text,
  entries: list(v.object({ name: text, steps: list(requiredText) })),
})

const RepayInfoSchema = object({
  /** The order it belongs to (`pageOrder` of the page that stored it); the contract number is the order. */
  productId: text,
  orderId: text,
  logo: text,
  /** The default pay code; '' when the server gave none (the contract number shows instead). */
  payCode: text,
  /** The total: the instalment's repayAmount or the extension's delayAmount. */
  amount: text,
  notices: list(NoticeGroup),
})

export type RepayInfo = v.InferOutput<typeof RepayInfoSchema>
export type NoticeGroup = v.InferOutput<typeof NoticeGroup>

/** `payNotice` as the server sends it (group name → named steps), in the server's order. */
function noticeGroups(payNotice: Record<string, { name: string; list: string[] }[]>): NoticeGroup[] {
  return Object.entries(payNotice)
    .map(([group, entries]) => ({
      group,
      entries: entries.map((entry) => ({ name: entry.name, steps: entry.list })),
    }))
    .filter((group) => group.entries.length > 0)
}

/**
 * What `/repaymentOfCode2` shows, from a repayment page's default pay details: the order it is for (its
 * contract number, shown when there is no pay code) and the total (the instalment's or the extension's amount).
 */
export function repayInfoOf(defDetail: DefDetail, ids: OrderIds, amount: string): RepayInfo {
  return {
    productId: ids.productId,
    orderId: ids.orderId,
    logo: defDetail.logo,
    payCode: defDetail.payCode,
    amount,
    notices: noticeGroups(defDetail.payNotice),
  }
}

export function saveRepayInfo(storage: Storage, info: RepayInfo): void {
  try {
    storage.setItem(REPAY_INFO_KEY, JSON.stringify(info))
  } catch {
    // Storage full or disabled: the code page then says nothing was stored.
  }
}

/**
 * What a repayment page stored for the order `ids` (the code page's own), or null when nothing usable for it
 * is there: nothing, garbage, or another order's (or product's) details, which must never show as this one's.
 * A page without an order cannot tell whose the details are: nothing for it either. An amount that is no
 * amount (`isAmount`) is left out rather than shown as it was stored.
 */
export function readRepayInfo(storage: Storage, ids: OrderIds): RepayInfo | null {
  if (!ids.orderId) return null
  let raw: unknown
  try {
    raw = JSON.parse(storage.getItem(REPAY_INFO_KEY) ?? 'null')
  } catch {
    return null
  }
  if (raw === null) return null
  const parsed = parseLenient('repay-info', RepayInfoSchema, raw)
  if (!parsed.ok) return null
  const info = parsed.value
  if (info.orderId !== ids.orderId || info.productId !== ids.productId) return null
  return { ...info, amount: isAmount(info.amount) ? info.amount : '' }
}

import { list, object, parseLenient, requiredText, text } from 'shared/schema'
import * as v from 'valibot'
import type { DefDetail } from '../api/repay-detail'

/** Where the instalment and extension pages leave what `/repaymentOfCode2` shows (this tab only). */
export const REPAY_INFO_KEY = 'repayInfo'

const NoticeGroup = v.object({
  group: text,
  entries: list(v.object({ name: text, steps: list(requiredText) })),
})

const RepayInfoSchema = object({
  logo: text,
  /** The default pay code; '' when the server gave none (the contract number shows instead). */
  payCode: text,
  contractNo: text,
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
 * What `/repaymentOfCode2` shows, from a repayment page's default pay details: the contract number (the
 * order, shown when there is no pay code) and the total (the instalment's or the extension's amount).
 */
export function repayInfoOf(defDetail: DefDetail, contractNo: string, amount: string): RepayInfo {
  return {
    logo: defDetail.logo,
    payCode: defDetail.payCode,
    contractNo,
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

/** What a repayment page stored, or null when nothing (usable) is there. */
export function readRepayInfo(storage: Storage): RepayInfo | null {
  let raw: unknown
  try {
    raw = JSON.parse(storage.getItem(REPAY_INFO_KEY) ?? 'null')
  } catch {
    return null
  }
  if (raw === null) return null
  const parsed = parseLenient('repay-info', RepayInfoSchema, raw)
  if (!parsed.ok) return null
  return parsed.value.payCode || parsed.value.contractNo ? parsed.value : null
}

import { warnUnknown } from 'shared/schema'
import type { LoanDetails } from '../../api/loan-details'

/** sessionStorage: set once the borrower went to repay or roll over, so 'Kind tips' is not shown again. */
export const BANK_TIP_KEY = 'showBankTip'

/** The status that stays on the page with a continuation link (the withdrawal prompt). */
export const WITHDRAW_STATUS = '21'

/** The statuses the spec describes (§4, §9); any other shows the defaults: 200's icon, no buttons. */
const KNOWN_STATUSES = ['21', '110', '151', '170', '174', '180', '200']

/** The values of a recommended product's `globally` flag the spec gives: 1 enabled, 0 greyed out. */
const KNOWN_GLOBALLY = [0, 1]

/**
 * Logs (once each: shared/schema `warnUnknown`) a status or product flag the page does not know; the page
 * shows its default for it: an unknown status 200's icon and no buttons, an unknown flag a usable product.
 */
export function warnUnknownValues(details: Pick<LoanDetails, 'orderStatus' | 'recProducts'>): void {
  if (!KNOWN_STATUSES.includes(details.orderStatus)) warnUnknown('orderStatus', details.orderStatus)
  for (const product of details.recProducts) {
    if (!KNOWN_GLOBALLY.includes(product.globally)) warnUnknown('globally', product.globally)
  }
}

/** Repayment statuses: the button area, never the recommended products. */
const REPAY_STATUSES = ['170', '174', '180', '200']

export type Actions = { kind: 'delay' } | { kind: 'repayment' } | { kind: 'borrowAgain' } | { kind: 'none' }

/** The buttons a status offers. */
export function actionsFor(details: Pick<LoanDetails, 'orderStatus' | 'isDelay'>): Actions {
  switch (details.orderStatus) {
    case '174':
    case '180':
      return details.isDelay ? { kind: 'delay' } : { kind: 'repayment' }
    case '170':
      return { kind: 'repayment' }
    case '200':
      return { kind: 'borrowAgain' }
    default:
      return { kind: 'none' }
  }
}

/** Any status but 21 with a continuation link leaves the page at once. */
export function redirectsAway(details: Pick<LoanDetails, 'orderStatus' | 'playeduL'>): boolean {
  return details.playeduL !== '' && details.orderStatus !== WITHDRAW_STATUS
}

/** Status 21 with a continuation link stays and asks whether to withdraw. */
export function asksToWithdraw(details: Pick<LoanDetails, 'orderStatus' | 'playeduL'>): boolean {
  return details.playeduL !== '' && details.orderStatus === WITHDRAW_STATUS
}

/**
 * The spec's intended reading (README.md, Decisions): products show when there are some, the market flag is
 * on and the status is not a repayment one. As built they never showed; we do not copy that.
 */
export function showsRecommended(
  details: Pick<LoanDetails, 'orderStatus' | 'recProducts' | 'inside'>,
): boolean {
  return details.recProducts.length > 0 && details.inside && !REPAY_STATUSES.includes(details.orderStatus)
}

export function bankTipSeen(storage: Storage): boolean {
  try {
    return storage.getItem(BANK_TIP_KEY) !== null
  } catch {
    return false
  }
}

export function markBankTipSeen(storage: Storage): void {
  try {
    storage.setItem(BANK_TIP_KEY, '1')
  } catch {
    // Storage refused (private mode): the tip may show again, nothing worse.
  }
}

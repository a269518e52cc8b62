import { create } from 'zustand'
import type { Card, Commit, RepaymentWay } from '../../api/legacy-repay'

/** No card chosen: how the page starts (the spec's index -1). */
export const NO_CHOICE = -1

/** A card (its index in `cards`), the alipay option, or NO_CHOICE. */
export type Choice = number | 'alipay'

/** What the route names: the order and what to repay of it. */
export interface LegacyOrder {
  orderId: string
  productId: string
  userId: string
  /** The withholding amount, as the route gives it. */
  amount: string
  couponId: string
}

/** The legacy card repayment's flow: one store for the whole visit (cards, token, record, step). */
export interface LegacyRepayState extends LegacyOrder {
  cards: Card[]
  alipay: boolean
  repayToken: string
  choice: Choice
  repayRecordId: string
  needValid: boolean
  /** The verification-code step shows (a commit answered needValid 1). */
  codeStep: boolean
  /** A new visit: the route's order, nothing loaded, nothing chosen. */
  start: (order: LegacyOrder) => void
  setWay: (way: RepaymentWay) => void
  choose: (choice: Choice) => void
  /** A commit's answer: the record to confirm, and whether a code is needed. */
  committed: (commit: Commit) => void
  /** Leaves the code step (its countdown starts afresh next time). */
  cancelCode: () => void
}

const EMPTY_ORDER: LegacyOrder = { orderId: '', productId: '', userId: '', amount: '', couponId: '' }

const FRESH = {
  cards: [],
  alipay: false,
  repayToken: '',
  choice: NO_CHOICE,
  repayRecordId: '',
  needValid: false,
  codeStep: false,
} as const

export const useLegacyRepayStore = create<LegacyRepayState>()((set) => ({
  ...EMPTY_ORDER,
  ...FRESH,
  cards: [],
  start: (order) => set({ ...order, ...FRESH, cards: [] }),
  setWay: (way) =>
    set({ cards: way.bankCards, alipay: way.alipay, repayToken: way.repayToken, choice: NO_CHOICE }),
  choose: (choice) => set({ choice }),
  committed: (commit) =>
    set({ repayRecordId: commit.repayRecordId, needValid: commit.needValid, codeStep: commit.needValid }),
  cancelCode: () => set({ codeStep: false }),
}))

import { http, HttpResponse } from 'msw'
import {
  createCappedStore,
  envelope,
  failure,
  legacyPath,
  MAX_DEMO_VISITORS,
  readForm,
  visitorKey,
} from 'shared/mocks'
import {
  DUPLICATE_PAYMENT,
  REPAYMENT_COMMIT_PATH,
  REPAYMENT_CONFIRM_PATH,
  REPAYMENT_HUICHAO_PATH,
  REPAYMENT_WAY_PATH,
  WRONG_CODE,
} from '../api/legacy-repay'
import { PAY_HOST } from './demo-data'

/** Demo legacy card repayments, chosen by order id (README.md lists them). */
export const LEGACY_SCENARIOS = {
  /** Two cards and alipay; the commit asks for the verification code. */
  withCode: '86',
  /** The commit needs no code: straight to the loan details. */
  noCode: '90',
  /** The commit answers 800005 (the payment request was already sent). */
  duplicate: '91',
  /** The card list cannot be loaded. */
  failure: '92',
  /** The commit gets no answer (a gateway timeout). */
  noAnswer: '93',
  /**
   * As a real backend plausibly answers: card ids as numbers, a card number the server already masked, a
   * bank code missing, alipay as text; the commit asks for the code.
   */
  realistic: 'realistic',
} as const

/** The code the demo accepts; any other answers 800006. */
export const DEMO_CODE = '123456'

export const DEMO_CARDS = [
  { id: 11, bankName: 'BDO Unibank', cardNo: '6222 0210 0112 3456', bankCode: 'BDO' },
  { id: 12, bankName: 'Metrobank', cardNo: '4567********7890', bankCode: 'MBTC' },
]

/** The realistic scenario's cards (`LEGACY_SCENARIOS.realistic`). */
export const REALISTIC_CARDS = [
  { id: 30017, bankName: 'BPI', cardNo: '4599********2107', bankCode: 'BPI' },
  { id: 30018, bankName: 'Security Bank', cardNo: '5213 **** **** 0083', bankCode: null },
]

const cardsOf = (orderId: string) => (orderId === LEGACY_SCENARIOS.realistic ? REALISTIC_CARDS : DEMO_CARDS)

const token = (orderId: string) => `demo-token-${orderId}`

const KNOWN = new Set<string>(Object.values(LEGACY_SCENARIOS))

export interface LegacyCall {
  path: string
  form: Record<string, string>
  key: string | null
}

/** Legacy calls a visitor keeps (the oldest goes first). */
export const MAX_LEGACY_CALLS_PER_VISITOR = 50

/**
 * What the demo legacy calls were asked, for tests (one entry per request the server received), under the
 * visitor who asked (ADR 0027).
 */
const legacyCalls = createCappedStore<LegacyCall>({
  perKey: MAX_LEGACY_CALLS_PER_VISITOR,
  keys: MAX_DEMO_VISITORS,
})

/** The visitor's legacy calls, oldest first; without a visitor, every visitor's (tests run as one). */
export function listLegacyCalls(visitor?: string): readonly LegacyCall[] {
  return visitor === undefined ? legacyCalls.all() : legacyCalls.list(visitor)
}

export function resetLegacyCalls(): void {
  legacyCalls.clear()
}

async function record(path: string, request: Request): Promise<Record<string, string>> {
  const form = await readForm(request)
  legacyCalls.add(visitorKey(request), { path, form, key: request.headers.get('Idempotency-Key') })
  return form
}

export const legacyHandlers = [
  http.post(legacyPath(REPAYMENT_WAY_PATH), async ({ request }) => {
    const { orderId = '' } = await record(REPAYMENT_WAY_PATH, request)
    if (orderId === LEGACY_SCENARIOS.failure) return failure('Demo: the cards could not be listed.')
    if (!KNOWN.has(orderId))
      return failure(`Demo: there is no repayment for order ${orderId || '(none)'}.`, '404')
    if (orderId === LEGACY_SCENARIOS.realistic) {
      return envelope({ alipay: '1', repayToken: token(orderId), bankCards: REALISTIC_CARDS })
    }
    return envelope({ alipay: 1, repayToken: token(orderId), bankCards: DEMO_CARDS })
  }),

  http.post(legacyPath(REPAYMENT_COMMIT_PATH), async ({ request }) => {
    const form = await record(REPAYMENT_COMMIT_PATH, request)
    const card = cardsOf(form.orderId).find((item) => String(item.id) === form.cardId)
    if (!card || !form.amount || form.repayToken !== token(form.orderId)) {
      return failure('Demo: this repayment request is incomplete.', '400')
    }
    if (form.orderId === LEGACY_SCENARIOS.duplicate) return failure('Demo: duplicate.', DUPLICATE_PAYMENT)
    // A gateway that gave up on the server: the repayment may or may not exist (ADR 0012).
    if (form.orderId === LEGACY_SCENARIOS.noAnswer)
      return new HttpResponse('Gateway Timeout', { status: 504 })
    const needValid = form.orderId === LEGACY_SCENARIOS.noCode ? 0 : 1
    const count = legacyCalls.list(visitorKey(request)).length
    return envelope({ needValid, repayRecordId: `R${form.orderId}-${count}` })
  }),

  http.post(legacyPath(REPAYMENT_CONFIRM_PATH), async ({ request }) => {
    const form = await record(REPAYMENT_CONFIRM_PATH, request)
    if (!form.repaymentRecordId) return failure('Demo: no repayment to confirm.', '400')
    if (form.verifyCode !== DEMO_CODE) return failure('Demo: wrong code.', WRONG_CODE)
    return envelope(null)
  }),

  http.post(legacyPath(REPAYMENT_HUICHAO_PATH), async ({ request }) => {
    const form = await record(REPAYMENT_HUICHAO_PATH, request)
    if (!form.orderId || !form.amount) return failure('Demo: this payment request is incomplete.', '400')
    const query = new URLSearchParams({ order: form.orderId, amount: form.amount })
    return envelope({ url: `${PAY_HOST}/huichao?${query}` })
  }),
]

import { svgDataUrl } from './demo-images'

/*
 * The demo loan confirmations: one product id per scenario, picked on the test page's 'Product id' field
 * (the confirmation is asked for by productId only). README.md lists them.
 */

const CONTRACTS = 'https://contracts.cashloan-demo.ph'
const PARTNERS = 'https://partners.cashloan-demo.ph'

export const CONFIRM_SCENARIOS = {
  /** The test page's default product: no pop-up, the app's back is not intercepted. */
  standard: '1',
  /** With `popAgreementUrl`: the full-screen agreement pop-up. */
  agreementPopup: '2',
  /** `isPopType` 1: the app's back shows 'Point out'. */
  backIntercept: '3',
  /** Three monthly periods (`termUnit` 2): for `/confirmByPeriod`. */
  byPeriod: '4',
  /** The confirmation fails to load. */
  loadFailure: 'fail',
  /** The push is refused with a message. */
  pushFailure: 'push-fail',
  /** The push gets no answer (a gateway timeout): the outcome is unknown. */
  pushTimeout: 'push-timeout',
  /** v2 only: the detail answers a code other than '00' with the server's message. */
  serverCode: 'code-01',
} as const

/** Where the demo's links lead (hosts the demo deployment allows). */
export const CONFIRM_LINKS = {
  lendDetails: `${PARTNERS}/lend-details`,
  popAgreement: `${CONTRACTS}/loan-agreement`,
  agreement: (position: string) => `${CONTRACTS}/agreement/${position}`,
} as const

export const DEMO_AGREEMENTS = [{ title: 'Loan Agreement' }, { title: 'Privacy Agreement' }]

export const PUSH_REFUSED = 'Demo: this loan cannot be confirmed right now.'
export const CODE_01_MESSAGE = 'Demo: your application is being reviewed. Please come back later.'
export const LOAD_FAILED = 'Demo: this loan confirmation could not be loaded.'

function confirmation(extra: Record<string, unknown> = {}) {
  return {
    comProductLogo: svgDataUrl('CL', '#1677ff', 96, 96),
    comProductName: 'CashLoan',
    // Cents (shared/format): ₱5.000,00.
    amount: 500000,
    periods: 91,
    termUnit: 1,
    pRateDsc: '0.05%/day',
    details: [
      { text: 'Amount received', value: '₱4.750,00' },
      { text: 'Service fee', value: '₱250,00' },
    ],
    repay_plans: [
      { title: 'Period 1', description: 'Principal and interest', amount: 522750, pay_time: '2027-02-22' },
    ],
    firstPayTime: '2027-02-22',
    firstPeriodDay: 91,
    sendSms: 0,
    isPopType: 0,
    popTitle: '',
    popContent: '',
    popAgreementUrl: '',
    ...extra,
  }
}

const BACK_POP = {
  isPopType: 1,
  popTitle: 'Your loan is almost ready',
  popContent: 'Leave now and your approved amount may not be kept. Do you want to stay?',
}

export const DEMO_CONFIRMATIONS: Record<string, Record<string, unknown>> = {
  [CONFIRM_SCENARIOS.standard]: confirmation(),
  [CONFIRM_SCENARIOS.agreementPopup]: confirmation({ popAgreementUrl: CONFIRM_LINKS.popAgreement }),
  [CONFIRM_SCENARIOS.backIntercept]: confirmation(BACK_POP),
  [CONFIRM_SCENARIOS.byPeriod]: confirmation({
    amount: 1200000,
    periods: 3,
    termUnit: 2,
    repay_plans: [
      { title: 'Period 1', description: 'Principal and interest', amount: 418000, pay_time: '2027-01-23' },
      { title: 'Period 2', description: 'Principal and interest', amount: 418000, pay_time: '2027-02-23' },
      { title: 'Period 3', description: 'Principal and interest', amount: 418000, pay_time: '2027-03-23' },
    ],
    firstPayTime: '2027-01-23',
    firstPeriodDay: 31,
  }),
  [CONFIRM_SCENARIOS.pushFailure]: confirmation(),
  [CONFIRM_SCENARIOS.pushTimeout]: confirmation(),
}

/** What v2 adds (DESIGN.md §3): the button's text and the promotional pop-up. */
export const V2_EXTRA = {
  buttonMsg: 'Get my money now',
  popMsg: 'Confirm today and your first service fee is waived.',
}

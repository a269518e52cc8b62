import type { DemoPicture } from './demo-images'

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
  /**
   * Realistic data (issue #25): the amount as a decimal string ('5000.00'), plan amounts as strings, dates as
   * unix seconds and milliseconds, the logo on a second origin.
   */
  realistic: 'realistic',
  /** Realistic data by period (for `/confirmByPeriod`): amounts as numbers and grouped strings, ISO dates. */
  realisticPeriods: 'realistic-periods',
} as const

/** Where the demo's links lead (hosts the demo deployment allows). */
export const CONFIRM_LINKS = {
  lendDetails: `${PARTNERS}/lend-details`,
  agreement: (position: string) => `${CONTRACTS}/agreement/${position}`,
} as const

export const DEMO_AGREEMENTS = [{ title: 'Loan Agreement' }, { title: 'Privacy Agreement' }]

export const PUSH_REFUSED = 'Demo: this loan cannot be confirmed right now.'
export const CODE_01_MESSAGE = 'Demo: your application is being reviewed. Please come back later.'
export const LOAD_FAILED = 'Demo: this loan confirmation could not be loaded.'

function confirmation(logo: DemoPicture, extra: Record<string, unknown> = {}) {
  return {
    comProductLogo: logo('CashLoan', '#1677ff'),
    comProductName: 'CashLoan',
    // Pesos (README.md, Calls): ₱5.000,00.
    amount: 5000,
    periods: 91,
    termUnit: 1,
    pRateDsc: '0.05%/day',
    details: [
      { text: 'Amount received', value: '₱4.750,00' },
      { text: 'Service fee', value: '₱250,00' },
    ],
    repay_plans: [
      { title: 'Period 1', description: 'Principal and interest', amount: 5227.5, pay_time: '2027-02-22' },
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

/**
 * The demo confirmations by product id, their logos named by `logo` and the agreement pop-up's document at
 * `agreementUrl` (the handler's: `demoAgreementUrl`).
 */
export function demoConfirmations(
  logo: DemoPicture,
  agreementUrl: string,
): Record<string, Record<string, unknown>> {
  return {
    [CONFIRM_SCENARIOS.standard]: confirmation(logo),
    [CONFIRM_SCENARIOS.agreementPopup]: confirmation(logo, { popAgreementUrl: agreementUrl }),
    [CONFIRM_SCENARIOS.backIntercept]: confirmation(logo, BACK_POP),
    [CONFIRM_SCENARIOS.byPeriod]: confirmation(logo, {
      amount: 12000,
      periods: 3,
      termUnit: 2,
      repay_plans: [
        { title: 'Period 1', description: 'Principal and interest', amount: 4180, pay_time: '2027-01-23' },
        { title: 'Period 2', description: 'Principal and interest', amount: 4180, pay_time: '2027-02-23' },
        { title: 'Period 3', description: 'Principal and interest', amount: 4180, pay_time: '2027-03-23' },
      ],
      firstPayTime: '2027-01-23',
      firstPeriodDay: 31,
    }),
    [CONFIRM_SCENARIOS.pushFailure]: confirmation(logo),
    [CONFIRM_SCENARIOS.pushTimeout]: confirmation(logo),
    [CONFIRM_SCENARIOS.realistic]: realisticConfirmation(logo),
    [CONFIRM_SCENARIOS.realisticPeriods]: realisticConfirmation(logo, {
      amount: 12000,
      periods: '3',
      termUnit: '2',
      repay_plans: [
        { title: 'Period 1', description: 'Principal and interest', amount: 4180, pay_time: '2027-01-23' },
        {
          title: 'Period 2',
          description: 'Principal and interest',
          amount: '4180.00',
          pay_time: '2027-02-23T04:00:00Z',
        },
        {
          title: 'Period 3',
          description: 'Principal and interest',
          amount: '4,180.00',
          pay_time: 1805774400,
        },
      ],
      firstPayTime: '2027-01-23T12:00:00+08:00',
      firstPeriodDay: 31,
    }),
  }
}

/**
 * A confirmation as a real backend plausibly answers it: the amount and plan amounts as decimal strings,
 * numbers as strings, the first repayment date in milliseconds, a plan date in unix seconds, detail values
 * as the server writes them, the logo on a second origin.
 */
function realisticConfirmation(logo: DemoPicture, extra: Record<string, unknown> = {}) {
  return {
    comProductLogo: logo('Peso Plus', '#0f766e'),
    comProductName: 'Peso Plus Loan',
    amount: '5000.00',
    periods: '91',
    termUnit: '1',
    pRateDsc: 'Daily interest 0.05%',
    details: [
      { text: 'Amount received', value: '4750.00' },
      { text: 'Service fee', value: '250.00' },
      { text: 'Interest', value: '₱227.50' },
      { text: 'Disbursement', value: 'To your GCash wallet' },
    ],
    repay_plans: [
      { title: 'Period 1', description: 'Principal and interest', amount: '5227.50', pay_time: 1803355200 },
    ],
    firstPayTime: '1803355200000',
    firstPeriodDay: '91',
    sendSms: '0',
    isPopType: '0',
    popTitle: null,
    popContent: null,
    popAgreementUrl: null,
    ...extra,
  }
}

/** What v2 adds (DESIGN.md §3): the button's text and the promotional pop-up. */
export const V2_EXTRA = {
  buttonMsg: 'Get my money now',
  popMsg: 'Confirm today and your first service fee is waived.',
}

import type { DemoPicture } from './demo-images'

/*
 * The demo orders (DESIGN.md §7): one order id per loan status, picked on the test page's 'Order id' field.
 * README.md lists them.
 */

/** Hosts the demo deployment allows (deploy/src/settings.ts DEMO_LINK_HOSTS). */
const PARTNERS = 'https://partners.cashloan-demo.ph'

export const SCENARIOS = {
  /** 174 with isDelay 1 (the test page's default order): 'REPAY' and 'Rollover Repayment'. */
  delayable: '86',
  /** 21 with a continuation link: stays, with the withdrawal prompt. */
  withdraw: '21',
  /** 110 with products but the market flag off: the (empty) button area. */
  review: '110',
  /** 151 with the market flag on: the recommended products. */
  recommended: '151',
  /** 170: 'Repayment', with the 'Kind tips' dialog. */
  repayment: '170',
  /** 174 without isDelay: 'Repayment'. */
  due: '174',
  /** 180 without isDelay: 'Repayment', with the bank-card dialog. */
  overdue: '180',
  /** 200: 'Borrow Again', with the app rating. */
  settled: '200',
  /** A status the page does not know (999): 200's icon, the recommended products. */
  unknownStatus: '999',
  /** 110 with a continuation link: the page goes there at once. */
  redirect: 'redirect',
  /** The call fails (success false). */
  failure: 'fail',
  /**
   * Realistic data (issue #25): 174 with isDelay 1, shaped as a real backend plausibly sends it: amounts as
   * decimal strings, dates as unix seconds, milliseconds, ISO and YYYY-MM-DD, the logo on a second origin.
   */
  realistic: 'realistic',
  /** Realistic data with the recommended products (151): logos on a second origin, ranges as numbers. */
  realisticProducts: 'realistic-151',
} as const

/** The continuation links of the demo. */
export const DEMO_LINKS = {
  withdraw: `${PARTNERS}/withdraw`,
  continuation: `${PARTNERS}/continue`,
  product: `${PARTNERS}/apply?product=101`,
} as const

/** Product 101 opens a partner page, 102 a native page, 103 is greyed out, 104's click is refused. */
export const demoProducts = (logo: DemoPicture) => [
  {
    productId: '101',
    logo: logo('PP', '#13a10e'),
    name: 'Peso Plus',
    buttonText: 'Apply',
    amountRange: '₱2.000 - ₱20.000',
    rangeDesc: 'Loan amount',
    rate: '0.05%/day',
    description: 'Money in 24 hours',
    globally: 1,
  },
  {
    productId: '102',
    logo: logo('QC', '#d46b08'),
    name: 'Quick Cash',
    buttonText: 'Borrow',
    amountRange: '₱1.000 - ₱10.000',
    rangeDesc: 'Loan amount',
    rate: '0.08%/day',
    description: 'Only your ID needed',
    globally: 1,
  },
  {
    productId: '103',
    logo: logo('SL', '#8c8c8c'),
    name: 'Sahod Loan',
    buttonText: 'Full',
    amountRange: '₱5.000 - ₱50.000',
    rangeDesc: 'Loan amount',
    rate: '0.04%/day',
    description: 'Not available today',
    globally: 0,
  },
  {
    productId: '104',
    logo: logo('BP', '#722ed1'),
    name: 'Bayad Pera',
    buttonText: 'Apply',
    amountRange: '₱3.000 - ₱30.000',
    rangeDesc: 'Loan amount',
    rate: '0.06%/day',
    description: 'Flexible terms',
    globally: 1,
  },
]

/** What product-click answers per product: a link, or a refusal message. */
export const PRODUCT_LINKS: Record<string, { link: string } | { refused: string }> = {
  '101': { link: DEMO_LINKS.product },
  '102': { link: 'productDetail' },
  '104': { refused: 'This product is not accepting applications right now.' },
}

const STATUS_TEXT: Record<string, [string, string]> = {
  '21': ['Loan approved', 'Your money is ready to withdraw.'],
  '110': ['Under review', 'We are checking your application. This usually takes less than a day.'],
  '151': ['Not approved', 'Your application was not approved this time. Try one of these products.'],
  '170': ['Repayment due', 'Please repay before the due date.'],
  '174': ['Repayment due', 'Please repay before the due date to keep a good record.'],
  '180': ['Overdue', 'Your repayment is overdue. Please repay as soon as possible.'],
  '200': ['Settled', 'Thank you! Your loan is fully repaid.'],
  '999': ['Processing', 'Your order is being processed.'],
}

function order(logo: DemoPicture, status: string, extra: Record<string, unknown> = {}) {
  const [statusText, description] = STATUS_TEXT[status]
  return {
    orderStatus: Number(status),
    noticeStatusText: statusText,
    noticeDesText: description,
    productName: 'CashLoan',
    productLogo: logo('CashLoan', '#1677ff'),
    userOrderDetail: {
      detail: [
        { text: 'Loan amount', value: '₱5.000,00' },
        { text: 'Loan term', value: '91 days' },
        { text: 'Due date', value: '2026-12-01' },
        // An empty line: the page hides it.
        { text: 'Coupon', value: '' },
      ],
    },
    recProducts: [],
    inside: false,
    isDelay: 0,
    isScore: 0,
    cardNeedPop: 0,
    playeduL: '',
    ...extra,
  }
}

/** The demo orders by order id, their logos named by `logo` (the handler's: `demoPicturesFor(request)`). */
export function demoOrders(logo: DemoPicture): Record<string, Record<string, unknown>> {
  const products = demoProducts(logo)
  return {
    [SCENARIOS.delayable]: order(logo, '174', { isDelay: 1, telephone: '+63 2 8123 4567' }),
    [SCENARIOS.withdraw]: order(logo, '21', {
      playeduL: DEMO_LINKS.withdraw,
      reyMsg: 'Your loan of ₱5.000,00 is ready. Withdraw it to your account now?',
    }),
    [SCENARIOS.review]: order(logo, '110', { recProducts: products, inside: false }),
    [SCENARIOS.recommended]: order(logo, '151', { recProducts: products, inside: true }),
    [SCENARIOS.repayment]: order(logo, '170', {
      KindTipsMsg: 'Please repay only through the channels shown in the app.',
    }),
    [SCENARIOS.due]: order(logo, '174'),
    [SCENARIOS.overdue]: order(logo, '180', {
      cardNeedPop: 1,
      cardPopTitle: 'Bind your bank card',
      cardPopMsg: 'Your bank card could not receive the money. Please bind another card.',
    }),
    [SCENARIOS.settled]: order(logo, '200', { isScore: 1, recProducts: products, inside: true }),
    [SCENARIOS.unknownStatus]: order(logo, '999', { recProducts: products, inside: true }),
    [SCENARIOS.redirect]: order(logo, '110', { playeduL: DEMO_LINKS.continuation }),
    [SCENARIOS.realistic]: realisticOrder(logo),
    [SCENARIOS.realisticProducts]: realisticOrder(logo, {
      orderStatus: '151',
      noticeStatusText: 'Not approved',
      noticeDesText: 'Your application was not approved this time. These lenders may help you instead.',
      isDelay: '0',
      recProducts: realisticProducts(logo),
      inside: true,
    }),
  }
}

/**
 * An order as a real backend plausibly answers it (the spec leaves types and units open): status and flags
 * as numbers or strings, detail values as the server writes them (decimal strings, '₱250.00', '5,227.50'),
 * dates as unix seconds (number), milliseconds (string), ISO and YYYY-MM-DD, the logo on a second origin.
 */
export function realisticOrder(logo: DemoPicture, extra: Record<string, unknown> = {}) {
  return {
    orderStatus: 174,
    noticeStatusText: 'Repayment due',
    noticeDesText: 'Please repay before the due date to keep a good record.',
    productName: 'Peso Plus Loan',
    productLogo: logo('Peso Plus', '#0f766e'),
    userOrderDetail: {
      detail: [
        { text: 'Loan amount', value: '5000.00' },
        { text: 'Amount received', value: '4750.00' },
        { text: 'Service fee', value: '₱250.00' },
        { text: 'Interest', value: '227.50' },
        { text: 'Repayment amount', value: '5,227.50' },
        { text: 'Loan term', value: '91 days' },
        { text: 'Application time', value: 1795507200 },
        { text: 'Disbursement time', value: '1795593600000' },
        { text: 'Approved at', value: '2026-11-24T09:30:00+08:00' },
        { text: 'Due date', value: '2027-02-23' },
        { text: 'Order number', value: 'PL20261124000086' },
        { text: 'Coupon', value: null },
      ],
    },
    recProducts: [],
    inside: 0,
    isDelay: '1',
    telephone: '+63 2 8123 4567',
    isScore: '0',
    cardNeedPop: '0',
    playeduL: null,
    ...extra,
  }
}

/** Recommended products as a backend plausibly sends them: ranges as numbers, plain or grouped strings. */
function realisticProducts(logo: DemoPicture) {
  return [
    {
      productId: 101,
      logo: logo('Peso Plus', '#13a10e'),
      name: 'Peso Plus',
      buttonText: 'Apply',
      amountRange: '2000-20000',
      rangeDesc: 'Loan amount',
      rate: '0.05%/day',
      description: 'Money in 24 hours',
      globally: '1',
    },
    {
      productId: 102,
      logo: logo('Quick Cash', '#d46b08'),
      name: 'Quick Cash',
      buttonText: 'Borrow',
      amountRange: 10000,
      rangeDesc: 'Up to',
      rate: '0.08%/day',
      description: 'Only your ID needed',
      globally: 1,
    },
    {
      productId: 103,
      logo: logo('Sahod Loan', '#8c8c8c'),
      name: 'Sahod Loan',
      buttonText: 'Full',
      amountRange: '₱5,000.00 ~ ₱50,000.00',
      rangeDesc: 'Loan amount',
      rate: '0.04%/day',
      description: 'Not available today',
      globally: 0,
    },
  ]
}

/** Joint login failure: product 301 opens a partner page, 302 a native page, 303 is disabled, 304 refused. */
export const DEMO_JOINT_FAILURE = {
  noticeMsg: 'We could not sign you in with our partner',
  errorMsg: 'The partner did not accept this account. You can apply with one of these products instead.',
  list: [
    {
      productId: '301',
      enabled: 1,
      range: '₱2.000 - ₱20.000',
      rangeDesc: 'Loan amount',
      rate: '0.05%/day',
      description: 'Peso Plus: money in 24 hours',
      tags: ['Fast', 'No collateral'],
    },
    {
      productId: '302',
      enabled: 1,
      range: '₱1.000 - ₱10.000',
      rangeDesc: 'Loan amount',
      rate: '0.08%/day',
      description: 'Quick Cash: only your ID needed',
      tags: ['New'],
    },
    {
      productId: '303',
      enabled: 0,
      range: '₱5.000 - ₱50.000',
      rangeDesc: 'Loan amount',
      rate: '0.04%/day',
      description: 'Sahod Loan: not available today',
      tags: [],
    },
    {
      productId: '304',
      enabled: 1,
      range: '₱3.000 - ₱30.000',
      rangeDesc: 'Loan amount',
      rate: '0.06%/day',
      description: 'Bayad Pera: flexible terms',
      tags: ['Flexible'],
    },
  ],
}

/**
 * Joint login failure with realistic data (`orderId=realistic`): ranges as numbers and plain strings, flags as
 * strings, and a `logo` per product on a second origin (the spec names no logo for variant 2; the page shows
 * one when the server sends it).
 */
export function realisticJointFailure(logo: DemoPicture) {
  return {
    noticeMsg: 'We could not sign you in with our partner',
    errorMsg: 'Login to Peso Plus failed (error 1003). You can apply with one of these lenders instead.',
    list: [
      {
        productId: 301,
        logo: logo('Peso Plus', '#13a10e'),
        enabled: '1',
        range: '2000.00-20000.00',
        rangeDesc: 'Loan amount',
        rate: '0.05%/day',
        description: 'Peso Plus: money in 24 hours',
        tags: ['Fast', 'No collateral'],
      },
      {
        productId: 302,
        logo: logo('Quick Cash', '#d46b08'),
        enabled: 1,
        range: 10000,
        rangeDesc: 'Up to',
        rate: '0.08%/day',
        description: 'Quick Cash: only your ID needed',
        tags: [],
      },
    ],
  }
}

/** What /v4/product/link answers per joint-failure product. */
export const JOINT_PRODUCT_LINKS: Record<string, { link: string } | { refused: string }> = {
  '301': { link: `${PARTNERS}/apply?product=301` },
  '302': { link: 'productDetail' },
  '304': { refused: 'This product is not accepting applications right now.' },
}

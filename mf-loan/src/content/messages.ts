/**
 * Every user-visible string of mf-loan. Strings the product spec quotes appear exactly as the spec writes them
 * (including its Indonesian 'Silakan pilih' and the full-width '！').
 */

export const LIMITS = {
  /** Stars of the app rating. */
  stars: 5,
  /** The score the rating call always sends (the spec: "score (always 5)"). */
  submittedScore: 5,
  /** From this many stars picked, the borrower is sent to the native store rating. */
  storeRatingFrom: 4,
} as const

export const MESSAGES = {
  common: {
    loading: 'Loading...',
    retry: 'Try again',
    loadFailed: 'This page could not be loaded.',
    close: 'Close',
    notAvailable: 'This page is not available yet',
    notAvailableBody: 'It has not been released yet. Please check back later.',
  },
  details: {
    title: 'Order Details',
    statusIcon: 'Status icon',
    productLogo: (name: string) => `${name} logo`,
    repay: 'REPAY',
    rollover: 'Rollover Repayment',
    rolloverTagline: 'Short of money?',
    repayment: 'Repayment',
    borrowAgain: 'Borrow Again',
    moreProducts: 'Click to view more products',
    recommended: 'Recommended products',
    redirecting: 'Opening your order...',
    servicePhone: 'Service telephone',
  },
  kindTips: { title: 'Kind tips', confirm: 'Confirm' },
  withdraw: { title: 'Withdrawal', cancel: 'Cancel', confirm: 'Withdraw Now' },
  rating: {
    title: 'Rate our app',
    cancel: 'Cancel',
    submit: 'Submit',
    star: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    pickStars: 'Silakan pilih',
    thanks: 'Successful demonstration！',
  },
  bankCard: { bind: 'Go and bind the card', close: 'Close' },
} as const

export const JOINT_MESSAGES = {
  title: 'Order Details',
  products: 'Recommended products',
  /** When the server sends no notice, no error and no product: never a blank page. */
  noDetails: 'We could not log you in to this product. Please try again later.',
} as const

/** The loan confirmation pages. The spec quotes 'Next', 'Point out', 'Agree' and 'Cancel'; the rest is ours. */
export const CONFIRM_MESSAGES = {
  title: 'Loan confirmation',
  amount: 'Loan amount',
  term: 'Loan term',
  rate: 'Interest rate',
  details: 'Loan details',
  plan: 'Repayment plan',
  firstPayTime: 'First repayment date',
  firstPeriodDay: 'First period',
  agreements: 'Agreements',
  agree: 'I have read and agree to',
  next: 'Next',
  /** The push succeeded but its details link could not replace the page. */
  received: 'Your loan request has been received. You can follow it in your orders in the app.',
  agreementPopup: {
    title: 'Loan agreement',
    /** The frame's name: the document inside the pop-up. */
    document: 'Loan agreement document',
    loading: 'Loading the agreement...',
    /** Shown with the link when the document cannot be shown in the pop-up. */
    text: 'Please read the loan agreement and agree to it before you continue.',
    /** Shown with the link when the document has not loaded in time (it may still appear). */
    slow: 'The agreement is taking long to load.',
    read: 'Read the agreement',
    cancel: 'Cancel',
    agree: 'Agree',
  },
  pointOut: { title: 'Point out', agree: 'Agree', cancel: 'Cancel' },
  promotion: { title: 'Special offer', close: 'OK' },
} as const

/** A count of days (the term on `/loanConfirm`, the first period). */
export function days(n: string): string {
  return n === '1' ? '1 day' : `${n} days`
}

/** `termUnit` codes on `/confirmByPeriod` (README.md, Decisions): the length of one period. */
const TERM_UNITS: Record<string, [string, string]> = {
  '1': ['day', 'days'],
  '2': ['month', 'months'],
  '3': ['year', 'years'],
}

/** A `termUnit` the page has words for (own keys only: '__proto__' or 'constructor' is no unit). */
export function isKnownTermUnit(termUnit: string): boolean {
  return Object.prototype.hasOwnProperty.call(TERM_UNITS, termUnit)
}

/** The term by period: '3 months'; a unit the page does not know reads as periods. */
export function termByPeriod(periods: string, termUnit: string): string {
  const [one, many] = isKnownTermUnit(termUnit) ? TERM_UNITS[termUnit] : ['period', 'periods']
  return `${periods} ${periods === '1' ? one : many}`
}

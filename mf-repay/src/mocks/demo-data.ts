/** Demo repayments, chosen by order id (README.md lists them). */

/** A small SVG picture: a coloured square with a label. */
function svgPicture(label: string, background: string, size = 96): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="100%" height="100%" rx="12" fill="${background}"/>` +
    `<text x="50%" y="50%" fill="#ffffff" font-family="sans-serif" font-size="${Math.round(size / 5)}" ` +
    `text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`
  )
}

/**
 * Where the demo API serves its pictures (under the API base, on the app's origin): the logos of the first
 * scenarios and the code pages' pictures. A server picture shows through `ServerImage`, which never shows an
 * inline `data:` picture from server data; a code page shows only an app path or a picture of the
 * deployment's image hosts from its link.
 */
export const DEMO_PAY_IMAGE_PATH = '/repay-demo-images'

type PayImage = '7-eleven.svg' | 'qr-ph.svg' | 'peso-flex.svg' | 'gcash.svg' | 'qr-ph-logo.svg'

/** The pictures the demo API serves there, by file name. */
export const DEMO_PAY_IMAGES = new Map<string, string>([
  ['7-eleven.svg', svgPicture('7', '#008061')],
  ['qr-ph.svg', svgPicture('QR', '#1f1f1f', 200)],
  ['peso-flex.svg', svgPicture('PF', '#1677ff')],
  ['gcash.svg', svgPicture('G', '#0a6cff')],
  ['qr-ph-logo.svg', svgPicture('QR', '#6b2bd9')],
] satisfies [PayImage, string][])

/** A demo picture's address: an app path. */
export function demoPayImage(name: PayImage): string {
  return `/utilities${DEMO_PAY_IMAGE_PATH}/${name}`
}

/**
 * Names a demo logo of the realistic scenario: the handler's is `demoPictureUrl` (shared/mocks), a picture on
 * a second origin as a real backend's image CDN serves it (ADR 0022).
 */
export type DemoPicture = (name: string, colour: string) => string

/** Logos on an https image host, for tests that build a realistic answer without a request. */
export const testPictures: DemoPicture = (name) =>
  `https://img.lender-cdn.example/${encodeURIComponent(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}.png`

export const SCENARIOS = {
  /** Banner, pay code, four detail rows, three channels; its extension has a plan. */
  full: '86',
  /** No banner, no pay code, one channel; its extension too. */
  plain: '87',
  /** The extension answers `success: false`. */
  noDelay: '88',
  /** Channels whose pay call fails: refused by the server, or no answer (a gateway timeout). */
  failingPay: '89',
  /** The detail call fails. */
  failure: 'fail',
  /**
   * Answers shaped as a real backend plausibly sends them (`realisticInstalment`, `realisticDelay`): amounts
   * as decimal strings and as numbers, dates as unix seconds, milliseconds, ISO and `YYYY-MM-DD`, logos on a
   * second origin.
   */
  realistic: 'realistic',
} as const

export const PAY_HOST = 'https://pay.cashloan-demo.ph'

const PRODUCT = { productName: 'Peso Flex', productLogo: demoPayImage('peso-flex.svg') }

export const CHANNEL_LOGOS = {
  gcash: demoPayImage('gcash.svg'),
  store: demoPayImage('7-eleven.svg'),
  qr: demoPayImage('qr-ph-logo.svg'),
}

/** What a channel's pay call answers (by channel number). */
export type PayAnswer =
  | { kind: 'host' }
  | { kind: 'code'; showType: string }
  | { kind: 'refused'; message: string }
  | { kind: 'timeout' }

export const CHANNELS: Record<string, { logo: string; name: string; answer: PayAnswer }> = {
  GCASH: { logo: CHANNEL_LOGOS.gcash, name: 'GCash', answer: { kind: 'host' } },
  SEVEN: { logo: CHANNEL_LOGOS.store, name: '7-Eleven', answer: { kind: 'code', showType: '1' } },
  QRPH: { logo: CHANNEL_LOGOS.qr, name: 'QR Ph', answer: { kind: 'code', showType: '2' } },
  REFUSED: {
    logo: '',
    name: 'Demo: refused',
    answer: { kind: 'refused', message: 'Demo: this channel is not available right now.' },
  },
  NOANSWER: { logo: '', name: 'Demo: no answer', answer: { kind: 'timeout' } },
}

function channelList(numbers: string[]) {
  return numbers.map((number) => ({
    logo: CHANNELS[number].logo,
    name: CHANNELS[number].name,
    channel_number: number,
  }))
}

const PAY_NOTICE = {
  'E-wallet': [
    {
      name: 'GCash',
      list: ['Open GCash and tap Pay Bills.', 'Choose Loans, then Peso Flex.', 'Enter the pay code.'],
    },
    { name: 'Maya', list: ['Open Maya and tap Bills.', 'Search for Peso Flex and enter the pay code.'] },
  ],
  'Over the counter': [
    { name: '7-Eleven', list: ['Go to a CLiQQ kiosk.', 'Choose Bills Payment and enter the pay code.'] },
  ],
}

const DEF_DETAIL = {
  payCode: 'PF8600123456',
  logo: demoPayImage('peso-flex.svg'),
  title: 'Pay with your Peso Flex code',
  payNotice: PAY_NOTICE,
}

const NO_DEF_DETAIL = { payCode: '', logo: '', title: '', payNotice: {} }

const DETAIL = [
  { text: 'Loan amount', value: '₱1.500,00' },
  { text: 'Interest', value: '₱30,00' },
  { text: 'Service fee', value: '₱0,00' },
  { text: 'Term', value: '91 days' },
]

function instalment(options: { full: boolean; channels: string[] }) {
  return {
    ...PRODUCT,
    repayAmount: '1530.00',
    repayDate: '2026-12-15',
    detail: DETAIL,
    repayList: channelList(options.channels),
    noticeMsg: 'Payments made after 22:00 are credited the next day.',
    defDetail: options.full ? DEF_DETAIL : NO_DEF_DETAIL,
    isShowReyTop: options.full ? 1 : 0,
  }
}

function delay(options: { full: boolean; channels: string[]; success?: boolean }) {
  return {
    ...PRODUCT,
    success: options.success ?? true,
    delayInfo: { delayAmount: '320.00', title: 'Extend your repayment by 7 days' },
    repayDate: '2026-12-22',
    repayPlan: [
      { remark: 'Pay today', title: 'Extension fee', amount: '320.00', time: '2026-12-15' },
      { remark: 'After the extension', title: 'Repayment', amount: '1530.00', time: '2026-12-22' },
    ],
    repayList: channelList(options.channels),
    defDetail: options.full ? DEF_DETAIL : NO_DEF_DETAIL,
    isShowReyTop: options.full ? 1 : 0,
  }
}

const ALL = ['GCASH', 'SEVEN', 'QRPH']

/** A day at local noon (so it is the same day in every time zone the demo is opened in). */
const noon = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12)
/** Unix seconds, as many backends send a date. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

function realisticChannels(picture: DemoPicture) {
  return [
    // channel_number as the server may send it: text or a number (the demo's channels are text).
    { logo: picture('GCash', '#0a6cff'), name: 'GCash', channel_number: 'GCASH' },
    { logo: picture('7-Eleven', '#008061'), name: '7-Eleven', channel_number: 'SEVEN' },
    { logo: picture('QR Ph', '#6b2bd9'), name: 'QR Ph', channel_number: 'QRPH' },
  ]
}

function realisticDefDetail(picture: DemoPicture) {
  return {
    payCode: 'PC20261215042',
    logo: picture('Peso Cash', '#0f7b6c'),
    title: 'Pay with your Peso Cash code',
    payNotice: PAY_NOTICE,
  }
}

/**
 * The instalment of order `realistic`, shaped as a real backend plausibly sends it: the amount as a decimal
 * string, the date as unix seconds (a number), detail values as the server writes money and dates, logos
 * on another origin (`picture`), the banner switch as text.
 */
export function realisticInstalment(picture: DemoPicture) {
  return {
    productName: 'Peso Cash',
    productLogo: picture('Peso Cash', '#0f7b6c'),
    repayAmount: '1530.00',
    repayDate: seconds(noon(2026, 12, 15)),
    detail: [
      { text: 'Loan amount', value: '1500.00' },
      { text: 'Interest', value: '30.00' },
      { text: 'Due date', value: String(noon(2026, 12, 15).getTime()) },
      { text: 'Term', value: '91 days' },
      { text: 'Disbursed on', value: '2026-09-15T12:00:00' },
    ],
    repayList: realisticChannels(picture),
    noticeMsg: 'Payments made after 22:00 are credited the next day.',
    defDetail: realisticDefDetail(picture),
    isShowReyTop: '1',
  }
}

/**
 * The extension of order `realistic`: the amount as a number, the date as an ISO date-time, the plan's
 * amounts as a number and a decimal string and its times as milliseconds and `YYYY-MM-DD`, success as 1.
 */
export function realisticDelay(picture: DemoPicture) {
  return {
    productName: 'Peso Cash',
    productLogo: picture('Peso Cash', '#0f7b6c'),
    success: 1,
    delayInfo: { delayAmount: 320, title: 'Extend your repayment by 7 days' },
    repayDate: '2026-12-22T12:00:00',
    repayPlan: [
      { remark: 'Pay today', title: 'Extension fee', amount: 320, time: noon(2026, 12, 15).getTime() },
      { remark: 'After the extension', title: 'Repayment', amount: '1530.00', time: '2026-12-22' },
    ],
    repayList: realisticChannels(picture),
    noticeMsg: 'Payments made after 22:00 are credited the next day.',
    defDetail: realisticDefDetail(picture),
    isShowReyTop: 1,
  }
}

export const DEMO_INSTALMENTS: Record<string, ReturnType<typeof instalment>> = {
  [SCENARIOS.full]: instalment({ full: true, channels: ALL }),
  [SCENARIOS.plain]: instalment({ full: false, channels: ['GCASH'] }),
  [SCENARIOS.noDelay]: instalment({ full: false, channels: ALL }),
  [SCENARIOS.failingPay]: instalment({ full: false, channels: ['REFUSED', 'NOANSWER'] }),
}

export const DEMO_DELAYS: Record<string, ReturnType<typeof delay>> = {
  [SCENARIOS.full]: delay({ full: true, channels: ALL }),
  [SCENARIOS.plain]: delay({ full: false, channels: ['GCASH'] }),
  [SCENARIOS.noDelay]: delay({ full: false, channels: ALL, success: false }),
  [SCENARIOS.failingPay]: delay({ full: false, channels: ['REFUSED', 'NOANSWER'] }),
}

/**
 * The page a channel's pay call leads to: the pay host, or a code page of the app itself (`appOrigin`: a
 * server link is absolute, the guard keeps one on the app's origin in the app).
 */
export function payUrl(
  channelNumber: string,
  form: Record<string, string>,
  appOrigin: string,
  /** The code page's channel picture (showType 1), when not the app's own (the realistic scenario's). */
  channelPicture: string = demoPayImage('7-eleven.svg'),
): string {
  const answer = CHANNELS[channelNumber]?.answer
  if (answer?.kind === 'code') {
    const query = new URLSearchParams({
      showType: answer.showType,
      payCode:
        answer.showType === '1' ? `7E${/^\d+$/.test(form.orderId) ? form.orderId : '20261215'}0042` : '',
      payCodeImg: answer.showType === '1' ? channelPicture : demoPayImage('qr-ph.svg'),
      repayAmount: form.amount,
    })
    return `${appOrigin}/repaymentOfCode?${query}`
  }
  const query = new URLSearchParams({ order: form.orderId, channel: channelNumber, amount: form.amount })
  if (form.isDelay === '1') query.set('type', 'delay')
  return `${PAY_HOST}/checkout?${query}`
}

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

/** Inline pictures for what the server's answers carry (the CSP allows `data:` images). */
export function svgDataUrl(label: string, background: string, size = 96): string {
  return `data:image/svg+xml,${encodeURIComponent(svgPicture(label, background, size))}`
}

/**
 * Where the demo API serves the code pages' pictures (under the API base, on the app's origin). A code page
 * shows only an app path or a picture of the deployment's image hosts from its link, never an inline one.
 */
export const DEMO_PAY_IMAGE_PATH = '/repay-demo-images'

type PayImage = '7-eleven.svg' | 'qr-ph.svg'

/** The pictures the demo API serves there, by file name. */
export const DEMO_PAY_IMAGES = new Map<string, string>([
  ['7-eleven.svg', svgPicture('7', '#008061')],
  ['qr-ph.svg', svgPicture('QR', '#1f1f1f', 200)],
] satisfies [PayImage, string][])

/** A demo code-page picture's address: an app path. */
export function demoPayImage(name: PayImage): string {
  return `/utilities${DEMO_PAY_IMAGE_PATH}/${name}`
}

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
} as const

export const PAY_HOST = 'https://pay.cashloan-demo.ph'

const PRODUCT = { productName: 'Peso Flex', productLogo: svgDataUrl('PF', '#1677ff') }

export const CHANNEL_LOGOS = {
  gcash: svgDataUrl('G', '#0a6cff'),
  store: svgDataUrl('7', '#008061'),
  qr: svgDataUrl('QR', '#6b2bd9'),
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
  logo: svgDataUrl('PF', '#1677ff'),
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
      { remark: 'Pay today', title: 'Extension fee', amount: '₱320,00', time: '2026-12-15' },
      { remark: 'After the extension', title: 'Repayment', amount: '₱1.530,00', time: '2026-12-22' },
    ],
    repayList: channelList(options.channels),
    defDetail: options.full ? DEF_DETAIL : NO_DEF_DETAIL,
    isShowReyTop: options.full ? 1 : 0,
  }
}

const ALL = ['GCASH', 'SEVEN', 'QRPH']

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
export function payUrl(channelNumber: string, form: Record<string, string>, appOrigin: string): string {
  const answer = CHANNELS[channelNumber]?.answer
  if (answer?.kind === 'code') {
    const query = new URLSearchParams({
      showType: answer.showType,
      payCode: answer.showType === '1' ? `7E${form.orderId}0042` : '',
      payCodeImg: demoPayImage(answer.showType === '1' ? '7-eleven.svg' : 'qr-ph.svg'),
      repayAmount: form.amount,
    })
    return `${appOrigin}/repaymentOfCode?${query}`
  }
  const query = new URLSearchParams({ order: form.orderId, channel: channelNumber, amount: form.amount })
  if (form.isDelay === '1') query.set('type', 'delay')
  return `${PAY_HOST}/checkout?${query}`
}

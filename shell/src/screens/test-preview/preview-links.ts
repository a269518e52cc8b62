import { matchRoute, REMOTE_ROUTES, REMOTES } from 'shared/routes'
import type { SessionSnapshot } from 'shared/session'

/** The test page's link tables: the session fields, every borrower page, each remote's demo scenarios. */

/** The eight fields, in the spec's order, with the spec's defaults (used where the session has no value). */
export const PREVIEW_FIELDS = [
  { key: 'appVersion', label: 'App version', initial: '1.0.0' },
  { key: 'deviceName', label: 'Device name', initial: '' },
  { key: 'deviceId', label: 'Device id', initial: '' },
  { key: 'osVersion', label: 'OS version', initial: '' },
  { key: 'sessionId', label: 'Session id', initial: '' },
  { key: 'adId', label: 'Ad id', initial: '' },
  { key: 'productId', label: 'Product id', initial: '1' },
  { key: 'orderId', label: 'Order id', initial: '86' },
] as const

export const PREVIEW_LINKS = [
  { label: 'Loan confirmation', path: '/loanConfirm' },
  { label: 'Order details', path: '/loanDetails' },
  { label: 'Repayment', path: '/repay' },
  { label: 'Extension repayment', path: '/delayRepay' },
  { label: 'Bank binding', path: '/bindBank' },
  { label: 'About us', path: '/aboutUs' },
  { label: 'Complaint', path: '/complaint' },
  { label: 'Customer service', path: '/customerService' },
  { label: 'Privacy policy', path: '/privacyPolicy' },
  { label: 'Repayment instructions', path: '/paymentInstructions' },
] as const

export const NOT_RELEASED_NOTE = 'not available yet'

/**
 * What a page of 'More pages' needs besides the session fields to show its demo data: the legacy repayment
 * takes its amount and user from the link (mf-repay README, 'Demo').
 */
const MORE_PREVIEW_QUERY: Readonly<Record<string, string>> = {
  '/legacyRepay': 'amount=1530.00&userId=501',
}

/**
 * Every other borrower route of the route table, with the same session fields, so that every screen is
 * reachable with the demo data (the spec's list above is kept as the spec gives it). The site's home page is
 * the app's root, and the promotion landing has its own demo list (anonymous traffic, no session).
 */
export const MORE_PREVIEW_LINKS = REMOTE_ROUTES.filter(
  (route) =>
    route.path !== '/' &&
    route.remote !== 'mf_promotion' &&
    !PREVIEW_LINKS.some((link) => link.path === route.path),
).map((route) => ({
  label: `${route.title} (${route.path})`,
  path: route.path,
  extra: MORE_PREVIEW_QUERY[route.path],
}))

const AD = 'app_from=demo&user_from=preview&utm_tag=test&links_id=1'

/**
 * The promotion landing's demo scenarios (mf-promotion README, 'Demo API'). Anonymous ad traffic carries no
 * session, so these links carry none. The standalone entry is no shell route: a full page load.
 */
export const PROMOTION_DEMO_LINKS = [
  { label: 'Registration landing', href: `/promotion?id=7&${AD}#/registerTemplate`, shell: true },
  {
    label: 'Standalone landing (ad link)',
    href: `/standalone/promotion?id=7&${AD}#/registerTemplate`,
    shell: false,
  },
  { label: 'Template refused', href: `/promotion?id=error&${AD}#/registerTemplate`, shell: true },
  { label: 'Template without answer', href: `/promotion?id=offline&${AD}#/registerTemplate`, shell: true },
  { label: 'Captcha session refused', href: `/promotion?id=7&utm_content=sid-error&${AD}#/`, shell: true },
  { label: 'Download page', href: `/promotion?id=7&${AD}#/downloadTemplate`, shell: true },
  { label: 'Registration agreement', href: `/promotion?id=7&${AD}#/agreementTemplate`, shell: true },
] as const

export type FieldKey = (typeof PREVIEW_FIELDS)[number]['key']

/**
 * A scenario of a remote's demo API (its README, 'Demo'): a route opened with the test page's session fields,
 * some of them set to the scenario's ids, and what else the page needs.
 */
export interface DemoLink {
  label: string
  path: string
  set?: Partial<Record<FieldKey, string>>
  extra?: string
}

const order = (orderId: string) => ({ orderId })
const product = (productId: string) => ({ productId })

/** mf-loan's demo orders and products (mf-loan README: 'Demo orders', 'Demo products'). */
export const LOAN_DEMO_LINKS: readonly DemoLink[] = [
  { label: 'Status 174, rollover offered (order 86)', path: '/loanDetails', set: order('86') },
  { label: 'Status 21 with a link: withdrawal prompt', path: '/loanDetails', set: order('21') },
  { label: 'Status 110, market flag off', path: '/loanDetails', set: order('110') },
  { label: 'Status 151, recommended products', path: '/loanDetails', set: order('151') },
  { label: 'Status 170, Kind tips', path: '/loanDetails', set: order('170') },
  { label: 'Status 174 without rollover', path: '/loanDetails', set: order('174') },
  { label: 'Status 180, bank-card dialog', path: '/loanDetails', set: order('180') },
  { label: 'Status 200, Borrow Again and app rating', path: '/loanDetails', set: order('200') },
  { label: 'Unknown status (999)', path: '/loanDetails', set: order('999') },
  { label: 'Continuation link: redirect', path: '/loanDetails', set: order('redirect') },
  { label: 'Order details that fail to load', path: '/loanDetails', set: order('fail') },
  { label: 'Confirmation, plain (product 1)', path: '/loanConfirm', set: product('1') },
  { label: 'Confirmation with agreement pop-up (product 2)', path: '/loanConfirm', set: product('2') },
  { label: "Confirmation with 'Point out' on back (product 3)", path: '/loanConfirm', set: product('3') },
  { label: 'Confirmation by period (product 4)', path: '/confirmByPeriod', set: product('4') },
  { label: 'Confirmation that fails to load', path: '/loanConfirm', set: product('fail') },
  { label: 'Confirmation whose push is refused', path: '/loanConfirm', set: product('push-fail') },
  { label: 'Confirmation whose push times out', path: '/loanConfirm', set: product('push-timeout') },
  { label: 'Confirmation v2 (product 1)', path: '/loanConfirmNew', set: product('1') },
  { label: "Confirmation v2 answering code '01'", path: '/loanConfirmNew', set: product('code-01') },
  { label: 'Joint login failure', path: '/jointLoginFailure', set: order('86') },
  { label: 'Joint login failure that fails to load', path: '/jointLoginFailure', set: order('fail') },
]

const LEGACY = 'amount=1530.00&userId=501'

/**
 * mf-repay's demo repayments (mf-repay README: 'Demo repayments', 'Demo legacy repayments'). The code pages'
 * pictures are served by its demo API under the API base (`apiBase`).
 */
export function repayDemoLinks(apiBase: string): readonly DemoLink[] {
  const picture = (name: string) => `${apiBase.replace(/\/$/, '')}/repay-demo-images/${name}`
  const codePage = (showType: string, payCode: string, image: string) =>
    new URLSearchParams({ showType, payCode, payCodeImg: picture(image), repayAmount: '1530.00' }).toString()
  return [
    { label: 'Repayment with banner, pay code and 3 channels (86)', path: '/repay', set: order('86') },
    { label: 'Repayment without banner or pay code (87)', path: '/repay', set: order('87') },
    { label: 'Repayment whose channels fail (89)', path: '/repay', set: order('89') },
    { label: 'Repayment that fails to load', path: '/repay', set: order('fail') },
    { label: 'Extension with its plan (86)', path: '/delayRepay', set: order('86') },
    { label: 'Extension that answers success false (88)', path: '/delayRepay', set: order('88') },
    {
      label: 'Pay code with the store picture (showType 1)',
      path: '/repaymentOfCode',
      set: order('86'),
      extra: codePage('1', '7E860042', '7-eleven.svg'),
    },
    {
      label: 'QR code to scan (showType 2)',
      path: '/repaymentOfCode',
      set: order('86'),
      extra: codePage('2', '', 'qr-ph.svg'),
    },
    {
      label: 'Code page 2: what a repayment page of order 86 stored in this tab',
      path: '/repaymentOfCode2',
      set: order('86'),
    },
    { label: 'Legacy card repayment with code (86)', path: '/legacyRepay', set: order('86'), extra: LEGACY },
    { label: 'Legacy repayment without code (90)', path: '/legacyRepay', set: order('90'), extra: LEGACY },
    { label: 'Legacy duplicate payment, 800005 (91)', path: '/legacyRepay', set: order('91'), extra: LEGACY },
    { label: 'Legacy card list that fails (92)', path: '/legacyRepay', set: order('92'), extra: LEGACY },
    { label: 'Legacy commit without answer (93)', path: '/legacyRepay', set: order('93'), extra: LEGACY },
  ]
}

export const REPAY_DEMO_NOTE =
  'Legacy verification code: 123456. Code page 2 shows what the repayment page of the same order stored: ' +
  'open that repayment first.'

export const PROMOTION_DEMO_NOTE =
  'Phones: 13800000011 already registered, 13800000000 no answer, 13800000099 refused; the SMS code is the ' +
  'last six digits of the phone (also in the server log).'

/** Whether the route's remote is built and released by this project (the route table says). */
export function isReleased(path: string): boolean {
  const route = matchRoute(path)
  return route !== null && REMOTES[route.remote].released
}

/**
 * Every field, an empty one as `key=`: following a link sets the session to exactly what the page shows, so
 * emptying a field clears the stored value (an absent key would leave it).
 */
export function previewQuery(values: Record<FieldKey, string>): string {
  const params = new URLSearchParams()
  for (const { key } of PREVIEW_FIELDS) params.set(key, values[key].trim())
  return `?${params}`
}

/** What the session holds now, the spec's default where it holds nothing. */
export function initialValues(snapshot: SessionSnapshot): Record<FieldKey, string> {
  const stored: Partial<Record<string, string>> = { ...snapshot.session, ...snapshot.globals }
  return Object.fromEntries(PREVIEW_FIELDS.map((f) => [f.key, stored[f.key] ?? f.initial])) as Record<
    FieldKey,
    string
  >
}

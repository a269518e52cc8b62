import { http, HttpResponse } from 'msw'
import { apiPath, demoPictureUrl, envelope, failure, readForm, visitorKey } from 'shared/mocks'
import { GENERATE_VCODE_PATH } from '../api/pay'
import { DELAY_PLAY_DETAIL_PATH, LOAN_PLAY_DETAIL_PATH } from '../api/repay-detail'
import {
  CHANNELS,
  DEMO_DELAYS,
  DEMO_INSTALMENTS,
  DEMO_PAY_IMAGE_PATH,
  DEMO_PAY_IMAGES,
  payUrl,
  realisticDelay,
  realisticInstalment,
  SCENARIOS,
  type DemoPicture,
} from './demo-data'
import { legacyHandlers } from './legacy-repay'
import { recordPay } from './store'

/** The realistic scenario's logos for the answer to `request`: on a second origin (ADR 0022). */
const picturesFor =
  (request: Request): DemoPicture =>
  (name, colour) =>
    demoPictureUrl(request, name, colour)

/**
 * The repayment remote's demo API (MSW v2): unit tests, the standalone dev server and `pnpm start` all use
 * these handlers. Repayments are chosen by the order ids in `SCENARIOS` (README.md lists them).
 */
export const handlers = [
  http.post(apiPath(LOAN_PLAY_DETAIL_PATH), async ({ request }) => {
    const { orderId = '' } = await readForm(request)
    if (orderId === SCENARIOS.failure) return failure('Demo: this repayment could not be loaded.')
    if (orderId === SCENARIOS.realistic) return envelope(realisticInstalment(picturesFor(request)))
    const found = DEMO_INSTALMENTS[orderId]
    return found
      ? envelope(found)
      : failure(`Demo: there is no repayment for order ${orderId || '(none)'}.`, '404')
  }),

  http.post(apiPath(DELAY_PLAY_DETAIL_PATH), async ({ request }) => {
    const { orderId = '' } = await readForm(request)
    if (orderId === SCENARIOS.failure) return failure('Demo: this rollover could not be loaded.')
    if (orderId === SCENARIOS.realistic) return envelope(realisticDelay(picturesFor(request)))
    const found = DEMO_DELAYS[orderId]
    return found
      ? envelope(found)
      : failure(`Demo: there is no rollover for order ${orderId || '(none)'}.`, '404')
  }),

  http.post(apiPath(GENERATE_VCODE_PATH), async ({ request }) => {
    const form = await readForm(request)
    recordPay(visitorKey(request), form, request.headers.get('Idempotency-Key'))
    const channel = CHANNELS[form.channelNumber ?? '']
    if (!form.orderId || !form.amount || !channel) return failure('Demo: choose a payment channel.', '400')
    if (channel.answer.kind === 'refused') return failure(channel.answer.message, '01')
    // A gateway that gave up on the server: the payment may or may not exist (ADR 0012).
    if (channel.answer.kind === 'timeout') return new HttpResponse('Gateway Timeout', { status: 504 })
    // The page's origin (behind a proxy the request URL may name another host).
    const appOrigin = request.headers.get('origin') ?? new URL(request.url).origin
    // The realistic scenario's code page gets its channel picture from a host no deployment lists: the page
    // leaves the picture out (a grey box) and still shows the code (README, code pages).
    const picture =
      form.orderId === SCENARIOS.realistic ? picturesFor(request)('7-Eleven', '#008061') : undefined
    return envelope({ payUrl: payUrl(form.channelNumber, form, appOrigin, picture) })
  }),

  // The demo's pictures on the app's own origin (logos, the code pages'): the browser loads them into <img>.
  http.get(apiPath(`${DEMO_PAY_IMAGE_PATH}/:name`), ({ params }) => {
    const svg = DEMO_PAY_IMAGES.get(String(params.name))
    if (!svg) return new HttpResponse(null, { status: 404 })
    return new HttpResponse(svg, {
      headers: {
        'Content-Type': 'image/svg+xml',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    })
  }),
  ...legacyHandlers,
]

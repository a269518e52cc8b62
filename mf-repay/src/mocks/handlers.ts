import { http, HttpResponse } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import { GENERATE_VCODE_PATH } from '../api/pay'
import { DELAY_PLAY_DETAIL_PATH, LOAN_PLAY_DETAIL_PATH } from '../api/repay-detail'
import {
  CHANNELS,
  DEMO_DELAYS,
  DEMO_INSTALMENTS,
  DEMO_PAY_IMAGE_PATH,
  DEMO_PAY_IMAGES,
  payUrl,
  SCENARIOS,
} from './demo-data'
import { legacyHandlers } from './legacy-repay'
import { recordPay } from './store'

/**
 * The repayment remote's demo API (MSW v2): unit tests, the standalone dev server and `pnpm start` all use
 * these handlers. Repayments are chosen by the order ids in `SCENARIOS` (README.md lists them).
 */
export const handlers = [
  http.post(apiPath(LOAN_PLAY_DETAIL_PATH), async ({ request }) => {
    const { orderId = '' } = await readForm(request)
    if (orderId === SCENARIOS.failure) return failure('Demo: this repayment could not be loaded.')
    const found = DEMO_INSTALMENTS[orderId]
    return found
      ? envelope(found)
      : failure(`Demo: there is no repayment for order ${orderId || '(none)'}.`, '404')
  }),

  http.post(apiPath(DELAY_PLAY_DETAIL_PATH), async ({ request }) => {
    const { orderId = '' } = await readForm(request)
    if (orderId === SCENARIOS.failure) return failure('Demo: this rollover could not be loaded.')
    const found = DEMO_DELAYS[orderId]
    return found
      ? envelope(found)
      : failure(`Demo: there is no rollover for order ${orderId || '(none)'}.`, '404')
  }),

  http.post(apiPath(GENERATE_VCODE_PATH), async ({ request }) => {
    const form = await readForm(request)
    recordPay(form, request.headers.get('Idempotency-Key'))
    const channel = CHANNELS[form.channelNumber ?? '']
    if (!form.orderId || !form.amount || !channel) return failure('Demo: choose a payment channel.', '400')
    if (channel.answer.kind === 'refused') return failure(channel.answer.message, '01')
    // A gateway that gave up on the server: the payment may or may not exist (ADR 0012).
    if (channel.answer.kind === 'timeout') return new HttpResponse('Gateway Timeout', { status: 504 })
    // The page's origin (behind a proxy the request URL may name another host).
    const appOrigin = request.headers.get('origin') ?? new URL(request.url).origin
    return envelope({ payUrl: payUrl(form.channelNumber, form, appOrigin) })
  }),

  // The code pages' pictures: the browser loads them into <img> from the app's own origin.
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

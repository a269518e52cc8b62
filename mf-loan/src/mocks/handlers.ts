import { http, HttpResponse } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import { EVENT_SAVE_PATH, PRODUCT_CLICK_PATH } from '../api/events'
import { CLICK_TRACK_PATH, JOINT_FAILURE_PATH, PRODUCT_LINK_PATH } from '../api/joint-failure'
import { CONFIRM_PATHS, type ConfirmVariant } from '../api/loan-confirm'
import { GOOGLE_SCORE_PATH, LOAN_DETAILS_PATH } from '../api/loan-details'
import {
  CODE_01_MESSAGE,
  CONFIRM_LINKS,
  CONFIRM_SCENARIOS,
  DEMO_AGREEMENTS,
  demoConfirmations,
  LOAD_FAILED,
  PUSH_REFUSED,
  V2_EXTRA,
} from './confirm'
import { demoAgreementDocument, demoAgreementUrl } from './agreement-document'
import { demoPicturesFor } from './demo-images'
import {
  DEMO_JOINT_FAILURE,
  demoOrders,
  JOINT_PRODUCT_LINKS,
  PRODUCT_LINKS,
  realisticJointFailure,
  SCENARIOS,
} from './orders'

/**
 * The loan remote's demo API (MSW v2): unit tests, the standalone dev server and `pnpm start` all use these
 * handlers. Orders are chosen by the ids in `SCENARIOS` (README.md lists them).
 */
export const handlers = [
  ...confirmHandlers('v1'),
  ...confirmHandlers('v2'),
  demoAgreementDocument,

  http.post(apiPath(LOAN_DETAILS_PATH), async ({ request }) => {
    const { orderId = '' } = await readForm(request)
    if (orderId === SCENARIOS.failure) return failure('Demo: this order could not be loaded.')
    const found = demoOrders(demoPicturesFor(request))[orderId]
    if (!found) return failure(`Demo: there is no order ${orderId || '(none)'}.`, '404')
    return envelope(found)
  }),

  http.post(apiPath(GOOGLE_SCORE_PATH), async ({ request }) => {
    const { score } = await readForm(request)
    return score ? envelope(null) : failure('Demo: a score is needed.', '400')
  }),

  http.post(apiPath(EVENT_SAVE_PATH), () => envelope(null)),

  http.post(apiPath(PRODUCT_CLICK_PATH), async ({ request }) => {
    const { productId = '' } = await readForm(request)
    const answer = PRODUCT_LINKS[productId]
    if (!answer) return failure('Demo: unknown product.', '404')
    return 'link' in answer ? envelope({ link: answer.link }) : failure(answer.refused, '01')
  }),

  http.post(apiPath(JOINT_FAILURE_PATH), async ({ request }) => {
    const { orderId } = await readForm(request)
    if (orderId === SCENARIOS.failure) return failure('Demo: the failure notice could not be loaded.')
    if (orderId === SCENARIOS.realistic) return envelope(realisticJointFailure(demoPicturesFor(request)))
    return envelope(DEMO_JOINT_FAILURE)
  }),

  http.post(apiPath(CLICK_TRACK_PATH), () => envelope(null)),

  http.post(apiPath(PRODUCT_LINK_PATH), async ({ request }) => {
    const { productId = '' } = await readForm(request)
    const answer = JOINT_PRODUCT_LINKS[productId]
    if (!answer) return failure('Demo: unknown product.', '404')
    return 'link' in answer ? envelope({ link: answer.link }) : failure(answer.refused, '01')
  }),
]

/** A GET's parameters or a POST's form, as the handler reads them. */
async function readParams(request: Request): Promise<Record<string, string>> {
  return request.method === 'GET' ? Object.fromEntries(new URL(request.url).searchParams) : readForm(request)
}

/** The loan confirmation of either variant; products are the scenarios of `CONFIRM_SCENARIOS`. */
function confirmHandlers(variant: ConfirmVariant) {
  const paths = CONFIRM_PATHS[variant]
  const method = variant === 'v1' ? http.post : http.get
  return [
    http.post(apiPath(paths.detail), async ({ request }) => {
      const { productId = '' } = await readForm(request)
      if (productId === CONFIRM_SCENARIOS.loadFailure) return failure(LOAD_FAILED)
      if (variant === 'v2' && productId === CONFIRM_SCENARIOS.serverCode)
        return failure(CODE_01_MESSAGE, '01')
      const found = demoConfirmations(demoPicturesFor(request), demoAgreementUrl(request))[productId]
      if (!found)
        return failure(`Demo: there is no loan to confirm for product ${productId || '(none)'}.`, '404')
      return envelope(variant === 'v2' ? { ...found, ...V2_EXTRA } : found)
    }),

    method(apiPath(paths.agreements), async ({ request }) => {
      const { scene } = await readParams(request)
      return scene === '3' ? envelope({ data: DEMO_AGREEMENTS }) : failure('Demo: unknown scene.', '400')
    }),

    method(apiPath(paths.agreementLink), async ({ request }) => {
      const { position = '' } = await readParams(request)
      if (position === '' || !DEMO_AGREEMENTS[Number(position)])
        return failure('Demo: unknown agreement.', '404')
      return envelope({ contract_url: CONFIRM_LINKS.agreement(position) })
    }),

    http.post(apiPath(paths.push), async ({ request }) => {
      const { productId = '', amount, periods } = await readForm(request)
      if (!request.headers.get('Idempotency-Key'))
        return failure('Demo: a push needs an Idempotency-Key.', '400')
      if (productId === CONFIRM_SCENARIOS.pushFailure) return failure(PUSH_REFUSED, '01')
      // A gateway that gave up: the loan may or may not have been taken.
      if (productId === CONFIRM_SCENARIOS.pushTimeout) return new HttpResponse(null, { status: 504 })
      if (!amount || !periods) return failure('Demo: amount and periods are needed.', '400')
      return envelope({ lendDetailsUrl: CONFIRM_LINKS.lendDetails })
    }),
  ]
}

import { http } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import { EVENT_SAVE_PATH, PRODUCT_CLICK_PATH } from '../api/events'
import { CLICK_TRACK_PATH, JOINT_FAILURE_PATH, PRODUCT_LINK_PATH } from '../api/joint-failure'
import { GOOGLE_SCORE_PATH, LOAN_DETAILS_PATH } from '../api/loan-details'
import { DEMO_JOINT_FAILURE, DEMO_ORDERS, JOINT_PRODUCT_LINKS, PRODUCT_LINKS, SCENARIOS } from './orders'

/**
 * The loan remote's demo API (MSW v2): unit tests, the standalone dev server and `pnpm start` all use these
 * handlers. Orders are chosen by the ids in `SCENARIOS` (README.md lists them).
 */
export const handlers = [
  http.post(apiPath(LOAN_DETAILS_PATH), async ({ request }) => {
    const { orderId = '' } = await readForm(request)
    if (orderId === SCENARIOS.failure) return failure('Demo: this order could not be loaded.')
    const found = DEMO_ORDERS[orderId]
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

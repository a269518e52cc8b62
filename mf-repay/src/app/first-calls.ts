import type { FirstCalls } from 'shared/http/first-call'
import { DELAY_PLAY_DETAIL_PATH, LEGACY_BASE, LOAN_PLAY_DETAIL_PATH, REPAYMENT_WAY_PATH } from '../api/paths'

// The page's productId (or its alias product_id) and orderId are the session's globals at boot (pageOrder).
// Without an order the screen says its link is incomplete and calls nothing (usePageOrder): nor does the page.
const ORDER_BODY = {
  productId: { global: 'productId' },
  orderId: { global: 'orderId', required: true },
} as const

/**
 * The read each screen makes as it mounts, per route. Published with the build as `first-calls.json`; the
 * server has the page send them while the JS downloads (shared/src/http/first-call.ts). first-calls.test.tsx
 * checks that each is exactly the call its screen makes. Money calls are never declared (ADR 0010).
 */
export const FIRST_CALLS: FirstCalls = {
  '/repay': [{ method: 'POST', path: LOAN_PLAY_DETAIL_PATH, body: ORDER_BODY }],
  '/delayRepay': [{ method: 'POST', path: DELAY_PLAY_DETAIL_PATH, body: ORDER_BODY }],
  // The legacy page's cards, on the API's origin (legacyUrl). Its screen also needs the link's amount: a link
  // with an order but no amount starts this read and then says it is incomplete (the answer goes unused).
  // The same values in the order that screen sends them (the form body is part of a call's identity).
  '/legacyRepay': [
    {
      method: 'POST',
      path: `${LEGACY_BASE}${REPAYMENT_WAY_PATH}`,
      onApiOrigin: true,
      body: { orderId: ORDER_BODY.orderId, productId: ORDER_BODY.productId },
    },
  ],
}

import type { FirstCalls } from 'shared/http/first-call'
import { JOINT_FAILURE_PATH, LOAN_DETAILS_PATH } from '../api/paths'

// The page's productId (or its alias product_id) and orderId are the session's globals at boot (loanIds).
const ORDER_BODY = { productId: { global: 'productId' }, orderId: { global: 'orderId' } } as const
const LOAN_DETAILS = { method: 'POST', path: LOAN_DETAILS_PATH, body: ORDER_BODY } as const

/**
 * The read each screen makes as it mounts, per route. Published with the build as `first-calls.json`; the
 * server has the page send them while the JS downloads (shared/src/http/first-call.ts). first-calls.test.tsx
 * checks that each is exactly the call its screen makes.
 */
export const FIRST_CALLS: FirstCalls = {
  '/loanDetails': [LOAN_DETAILS],
  '/order': [LOAN_DETAILS],
  '/jointLoginFailure': [{ method: 'POST', path: JOINT_FAILURE_PATH, body: ORDER_BODY }],
}

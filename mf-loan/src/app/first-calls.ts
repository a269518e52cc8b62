import type { FirstCalls } from 'shared/http/first-call'
import { AGREEMENT_SCENE, CONFIRM_PATHS, JOINT_FAILURE_PATH, LOAN_DETAILS_PATH } from '../api/paths'

// The page's productId (or its alias product_id) and orderId are the session's globals at boot (pageOrder).
const ORDER_BODY = { productId: { global: 'productId' }, orderId: { global: 'orderId' } } as const
const LOAN_DETAILS = { method: 'POST', path: LOAN_DETAILS_PATH, body: ORDER_BODY } as const

// The confirmation and its agreements, as src/api/loan-confirm.ts asks for them (v1 POSTs both, v2 GETs the list).
const PRODUCT_BODY = { productId: { global: 'productId' } } as const
const AGREEMENTS_BODY = { ...PRODUCT_BODY, scene: AGREEMENT_SCENE } as const
const CONFIRM_V1 = [
  { method: 'POST', path: CONFIRM_PATHS.v1.detail, body: PRODUCT_BODY },
  { method: 'POST', path: CONFIRM_PATHS.v1.agreements, body: AGREEMENTS_BODY },
] as const
const CONFIRM_V2 = [
  { method: 'POST', path: CONFIRM_PATHS.v2.detail, body: PRODUCT_BODY },
  { method: 'GET', path: CONFIRM_PATHS.v2.agreements, body: AGREEMENTS_BODY },
] as const

/**
 * The read each screen makes as it mounts, per route. Published with the build as `first-calls.json`; the
 * server has the page send them while the JS downloads (shared/src/http/first-call.ts). first-calls.test.tsx
 * checks that each is exactly the call its screen makes.
 */
export const FIRST_CALLS: FirstCalls = {
  '/loanDetails': [LOAN_DETAILS],
  '/order': [LOAN_DETAILS],
  '/jointLoginFailure': [{ method: 'POST', path: JOINT_FAILURE_PATH, body: ORDER_BODY }],
  '/loanConfirm': [...CONFIRM_V1],
  '/confirmByPeriod': [...CONFIRM_V1],
  '/loanConfirmNew': [...CONFIRM_V2],
}

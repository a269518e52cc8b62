import type { FirstCalls } from 'shared/http/first-call'
import { CARD_INIT_PATH } from '../api/paths'

/**
 * The read the screen makes as it mounts. Published with the build as `first-calls.json`; the server has the
 * page send it while the JS downloads (shared/src/http/first-call.ts). first-calls.test.tsx checks that it is
 * exactly the call the screen makes.
 */
export const FIRST_CALLS: FirstCalls = {
  // product_id: the route's productId (or its alias product_id), else the session's; both become the global.
  '/bindBank': [{ method: 'POST', path: CARD_INIT_PATH, body: { product_id: { global: 'productId' } } }],
}

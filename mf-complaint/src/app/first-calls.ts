import type { FirstCalls } from 'shared/http/first-call'
import { CONTACT_INFO_OVERALL, CONTACT_INFO_PATH } from '../api/contact-info'
import { PROBLEM_DETAIL_PATH } from '../api/problem-detail'
import { PROBLEM_INIT_PATH } from '../api/problem-init'
import { PROBLEM_LIST_PATH } from '../api/problem-list'

/**
 * The read each screen makes as it mounts, per route. Published with the build as `first-calls.json`; the
 * server has the page send them while the JS downloads (shared/src/http/first-call.ts). first-calls.test.tsx
 * checks that each is exactly the call its screen makes.
 */
export const FIRST_CALLS: FirstCalls = {
  // entryOrderId: the route's orderId, else the session's; the page's orderId is also the session's global.
  '/complaint': [{ method: 'POST', path: PROBLEM_INIT_PATH, body: { orderId: { global: 'orderId' } } }],
  '/complainPageNext': [
    { method: 'POST', path: PROBLEM_INIT_PATH, body: { orderId: { global: 'orderId' } } },
  ],
  '/complaintList': [{ method: 'POST', path: PROBLEM_LIST_PATH, body: {} }],
  '/complainDetails': [
    {
      method: 'POST',
      path: PROBLEM_DETAIL_PATH,
      body: { problemId: { query: 'problemId', required: true } },
    },
  ],
  '/customerService': [{ method: 'POST', path: CONTACT_INFO_PATH, body: { overall: CONTACT_INFO_OVERALL } }],
}

import type { FirstCalls } from 'shared/http/first-call'
import { CONTACT_INFO_OVERALL, CONTACT_INFO_PATH } from '../api/contact'

/**
 * The read each screen makes as it mounts, per route (ADR 0010): the site's footer asks for the service
 * contacts. Published with the build as `first-calls.json`; first-calls.test.tsx checks it is exactly the
 * call the screen makes.
 */
export const FIRST_CALLS: FirstCalls = {
  '/': [{ method: 'POST', path: CONTACT_INFO_PATH, body: { overall: CONTACT_INFO_OVERALL } }],
}

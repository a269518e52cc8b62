import type { FirstCalls } from 'shared/http/first-call'
import { CAPTCHA_PATH, SID_PATH, TEMPLATE_PATH } from '../api/paths'

/**
 * The reads the landing makes as it mounts. Published with the build as `first-calls.json`; the server has
 * the page send them while the JS downloads (shared/src/http/first-call.ts), and preload the captcha image
 * the moment get-sid answers (the screen then shows that image: `captchaUrl` builds the same address).
 * first-calls.test.tsx checks that they are exactly the calls the screen makes. track-visit is no read (it
 * counts a visit), so it is never sent by the page.
 */
export const FIRST_CALLS: FirstCalls = {
  '/promotion': [
    { method: 'GET', path: TEMPLATE_PATH, body: { templateId: { query: 'id', required: true } } },
    {
      method: 'GET',
      path: SID_PATH,
      image: { path: CAPTCHA_PATH, from: 'sid', param: 'sid', stamp: 'a' },
    },
  ],
}

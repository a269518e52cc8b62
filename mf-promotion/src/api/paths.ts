// Kept apart from the calls: vite.config.ts reads the first calls through this file, and Node loads it
// without the TypeScript packages the calls import.

/**
 * Promotion calls live under `/api/v2/promo` beside the API base (DESIGN.md §3), not under it: given to the
 * request helper relative to the base (`/utilities/../api/…` is `/api/…` on the API's origin), they go
 * through the same helper, session query and first-call matching as every other call.
 */
const PROMO = '../api/v2/promo'

export const TEMPLATE_PATH = `${PROMO}/service/channel/channel-template`
export const TRACK_VISIT_PATH = `${PROMO}/promotion/track-visit`
export const TRACK_CLICK_PATH = `${PROMO}/promotion/track-click`
export const SID_PATH = `${PROMO}/promotion/get-sid`
export const CAPTCHA_PATH = `${PROMO}/promotion/get-captcha`
export const SMS_PATH = `${PROMO}/promotion/get-sms`
export const REGISTER_PATH = `${PROMO}/promotion/register`

/** A promotion path as the server sees it (`/api/v2/promo/…`): what the demo handlers match. */
export function served(path: string): string {
  return path.slice(PROMO.length)
}

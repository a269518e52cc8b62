import { imageUrl } from 'shared/http/first-call'
import { CAPTCHA_PATH } from './paths'

/**
 * The picture captcha's address for an `<img>` (the browser fetches it, not the request helper): the sid's
 * image, `a` a timestamp so that each refresh is a new image. The page builds the same address when it
 * preloads the first one (FIRST_CALLS' `image`).
 */
export function captchaUrl(apiBase: string, appOrigin: string, sid: string, at: number): string {
  return imageUrl({ baseURL: apiBase, appOrigin }, CAPTCHA_PATH, { sid, a: at })
}

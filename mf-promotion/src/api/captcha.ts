import { CAPTCHA_PATH } from './paths'

/**
 * The picture captcha's address for an `<img>` (the browser fetches it, not the request helper): the sid's
 * image, `a` a timestamp so that each refresh is a new image.
 */
export function captchaUrl(apiBase: string, appOrigin: string, sid: string, at: number): string {
  const base = new URL(apiBase, appOrigin).href.replace(/\/+$/, '')
  const url = new URL(`${base}/${CAPTCHA_PATH}`)
  url.searchParams.set('sid', sid)
  url.searchParams.set('a', String(at))
  return url.href
}

import type { IncomingMessage } from 'node:http'

/** The value of the first cookie called `name` the request carries ('' when none, or not decodable). */
export function requestCookie(req: IncomingMessage, name: string): string {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key !== name) continue
    try {
      return decodeURIComponent(value.join('='))
    } catch {
      return ''
    }
  }
  return ''
}

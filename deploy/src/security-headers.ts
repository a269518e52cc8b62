import { isValidHostEntry } from 'shared/host/settings'

export interface SecurityOptions {
  /** The API's origin when it is not the page's own (`connect-src`). */
  apiOrigin?: string | null
  /**
   * Hosts pictures may come from (deploy setting `imageHosts`: `img.example.com`, `*.example.com`); none
   * (the default) allows pictures from any HTTPS origin (ADR 0022).
   */
  imageHosts?: readonly string[]
  /** The local demo's second picture origin: the other loopback name on any port (demo profile only). */
  loopbackPictures?: boolean
  /** The page's inline scripts (the first-call script, deploy/src/pages.ts), never `'unsafe-inline'`. */
  scriptHashes?: readonly string[]
}

const LOOPBACK_PICTURES = ['http://localhost:*', 'http://127.0.0.1:*']

/**
 * `img-src` sources beyond the page's own: any HTTPS origin when the deployment lists no image host (pictures
 * from server data: logos on the backend's CDN, ADR 0022), else exactly the listed hosts over HTTPS. An entry
 * that is not a host name is left out: in a header it could add a directive (`a.com; script-src *`), or allow
 * every host (`*`).
 */
export function imageSources(
  imageHosts: readonly string[] = [],
  options: { loopback?: boolean } = {},
): string[] {
  const hosts = imageHosts.filter(isValidHostEntry).map((host) => `https://${host}`)
  return [...(imageHosts.length > 0 ? hosts : ['https:']), ...(options.loopback ? LOOPBACK_PICTURES : [])]
}

/** Headers every document and asset gets; nginx.conf sets the same (its placeholders come from here). */
export function securityHeaders(options: SecurityOptions = {}): Record<string, string> {
  const connect = ["'self'", options.apiOrigin].filter(Boolean).join(' ')
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      ["script-src 'self'", ...(options.scriptHashes ?? [])].join(' '),
      `connect-src ${connect}`,
      [
        "img-src 'self' data: blob:",
        ...imageSources(options.imageHosts, { loopback: options.loopbackPictures }),
      ].join(' '),
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self' data:",
      "frame-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  }
}

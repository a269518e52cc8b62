import { isValidHostEntry } from 'shared/host/settings'

export interface SecurityOptions {
  /** The API's origin when it is not the page's own (`connect-src`). */
  apiOrigin?: string | null
  /** Hosts images come from (deploy setting `imageHosts`: `img.example.com`, `*.example.com`). */
  imageHosts?: readonly string[]
  /** The page's inline scripts (the first-call script, deploy/src/pages.ts), never `'unsafe-inline'`. */
  scriptHashes?: readonly string[]
}

/**
 * `img-src` sources for the image hosts, HTTPS only. An entry that is not a host name is left out: in a
 * header it could add a directive (`a.com; script-src *`), or allow every host (`*`).
 */
export function imageSources(imageHosts: readonly string[] = []): string[] {
  return imageHosts.filter(isValidHostEntry).map((host) => `https://${host}`)
}

/** Headers every document and asset gets; nginx.conf sets the same (its placeholders come from here). */
export function securityHeaders(options: SecurityOptions = {}): Record<string, string> {
  const connect = ["'self'", options.apiOrigin].filter(Boolean).join(' ')
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      ["script-src 'self'", ...(options.scriptHashes ?? [])].join(' '),
      `connect-src ${connect}`,
      ["img-src 'self' data: blob:", ...imageSources(options.imageHosts)].join(' '),
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

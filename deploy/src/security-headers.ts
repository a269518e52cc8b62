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
  /**
   * Hosts server links may open (deploy setting `allowedHosts`): the agreement pop-up frames its document from
   * them, over HTTPS (`frame-src`, ADR 0034).
   */
  frameHosts?: readonly string[]
  /** The local demo's agreement document on its second origin, the other loopback name (demo profile only). */
  loopbackDocuments?: boolean
  /** The page's inline scripts (the first-call script, deploy/src/pages/page-preloads.ts), never `'unsafe-inline'`. */
  scriptHashes?: readonly string[]
}

/** The local demo's second origin (shared/mocks `demoSecondOrigin`): the other loopback name, on any port. */
const LOOPBACK_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']

/**
 * Listed hosts as HTTPS sources. An entry that is not a host name is left out: in a header it could add a
 * directive (`a.com; script-src *`), or allow every host (`*`).
 */
function httpsSources(hosts: readonly string[]): string[] {
  return hosts.filter(isValidHostEntry).map((host) => `https://${host}`)
}

/**
 * `img-src` sources beyond the page's own: any HTTPS origin when the deployment lists no image host (pictures
 * from server data: logos on the backend's CDN, ADR 0022), else exactly the listed hosts over HTTPS.
 */
export function imageSources(
  imageHosts: readonly string[] = [],
  options: { loopback?: boolean } = {},
): string[] {
  const hosts = httpsSources(imageHosts)
  return [...(imageHosts.length > 0 ? hosts : ['https:']), ...(options.loopback ? LOOPBACK_ORIGINS : [])]
}

/**
 * `frame-src` sources beyond the page's own: exactly the link allow-list's hosts over HTTPS, where the
 * agreement pop-up's document may come from (ADR 0034); none listed, none framed.
 */
export function frameSources(
  frameHosts: readonly string[] = [],
  options: { loopback?: boolean } = {},
): string[] {
  return [...httpsSources(frameHosts), ...(options.loopback ? LOOPBACK_ORIGINS : [])]
}

/** Where browsers send CSP violation reports: this origin (nginx forwards them, ADR 0025). */
export const CSP_REPORT_PATH = '/csp-report'

/** The Reporting API's name for that endpoint (`Reporting-Endpoints`, CSP `report-to`). */
const CSP_REPORT_GROUP = 'csp'

/**
 * One year, this host and its subdomains; not `preload`, which commits the whole registrable domain and is
 * ops' decision for the apex (ADR 0025). Browsers ignore it on plain HTTP (the local run).
 */
export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Only what the app uses: geolocation (the developer test page's "get location"). Photos come from a file
 * input, which opens the phone's own camera or gallery and needs no camera permission; the copy button's
 * clipboard write is the default (`self`).
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  ...[
    'accelerometer',
    'browsing-topics',
    'camera',
    'display-capture',
    'gyroscope',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'usb',
  ].map((feature) => `${feature}=()`),
].join(', ')

/**
 * What a page that is not public (an in-app route: it reads the session or an order; the not-found page)
 * sends as `X-Robots-Tag`, from both servers: never indexed, its links never followed. Which pages are
 * public is the route table's `public` (`publicPaths`, deploy/src/pages/route-pages.ts).
 */
export const ROBOTS_NOINDEX = 'noindex, nofollow'

/** What every answer gets, the API's included. */
function baseHeaders(): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Strict-Transport-Security': HSTS,
  }
}

/**
 * Headers every document (a route page, the shell's index.html) gets, from both servers: the Node server
 * sends these, and deploy/nginx.conf's page header placeholder is filled with them (`renderNginxConf`).
 */
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
      ["frame-src 'self'", ...frameSources(options.frameHosts, { loopback: options.loopbackDocuments })].join(
        ' ',
      ),
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      // report-to for browsers with the Reporting API (which then ignore report-uri), report-uri for the rest.
      `report-uri ${CSP_REPORT_PATH}`,
      `report-to ${CSP_REPORT_GROUP}`,
    ].join('; '),
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    ...baseHeaders(),
    'Permissions-Policy': PERMISSIONS_POLICY,
    // Pages we open and pages that open us get no handle on this window (no payment popup talks back).
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}

/**
 * What a file opened as a document (an SVG, a stray HTML) may do: nothing. It runs no script, loads nothing,
 * is sandboxed; a script or stylesheet loaded by a page ignores it.
 */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/**
 * Headers on files (scripts, styles, pictures, the registry) and the servers' error answers, from both
 * servers. The page's CSP, Permissions-Policy, COOP and the report endpoint act on documents only: on a file
 * they were about 600 bytes of every answer, what held nginx to 0.7-0.8 of a plain file's throughput
 * (docs/load.md, ADR 0025).
 */
export function fileSecurityHeaders(): Record<string, string> {
  return { 'Content-Security-Policy': FILE_CSP, ...baseHeaders() }
}

/** Headers on the API's answers (JSON, never rendered): no sniffing into HTML, no referrer, HSTS. */
export function apiSecurityHeaders(): Record<string, string> {
  return baseHeaders()
}

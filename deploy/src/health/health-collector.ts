import type { IncomingMessage, ServerResponse } from 'node:http'
import { HEALTH_REPORT_MAX_BYTES, type HealthReport } from 'shared/health'
import { matchRoute } from 'shared/routes'
import { mediaType, readCappedBody } from '../serve/capped-body'
import { requestCookie } from '../serve/request-cookie'
import { requestOrigin } from '../serve/request-paths'
import type { Evidence } from './evidence'
import type { HealthStore } from './health-store'
import {
  clientKeyOf,
  clientNetwork,
  fromOurProxy,
  PAGE_LOAD_COOKIE,
  verifyPageLoadToken,
  type PageLoadKeys,
} from './page-load-token'
import { safeHealthReport } from './scrub'
import type { VersionHistory } from './version-history'
import { wholeNumberSetting } from '../settings'

/**
 * The endpoint pages send health reports to (ADR 0033, 0040, 0042): POST only, from this site only (403),
 * rate-limited per client, JSON of at most HEALTH_REPORT_MAX_BYTES checked against the report schema (400),
 * carrying the page-load token of a page this deployment served for the report's route (403), naming only
 * versions the registry has pointed at (400). A good report is answered 202 at once and queued for the store
 * with its evidence, never after the disk; the store's worker decides whether it is kept, and only a kept
 * one is passed to the exporter when one is configured. A refused one is counted, never stored.
 */
export const HEALTH_REPORT_PATH = '/health/reports'

/** Reports per client per minute; nginx's `health_reports` zone has the same rate (deploy's tests compare). */
export const HEALTH_REPORTS_PER_MINUTE = 60

/**
 * The per-client rate from `HEALTH_REPORTS_PER_MINUTE` (default HEALTH_REPORTS_PER_MINUTE), for the Node server
 * and nginx alike. A place where many borrowers share one address (the e2e suite: every test's browser is
 * 127.0.0.1) raises it; anything but a whole number from 1 up stops the server, named.
 */
export function healthReportsPerMinute(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumberSetting(env, 'HEALTH_REPORTS_PER_MINUTE', HEALTH_REPORTS_PER_MINUTE, 1, 'reports')
}

const TYPES = new Set(['application/json', 'text/plain'])

export interface HealthCollector {
  store: HealthStore
  /** The secret page-load tokens are checked with (shared with nginx), and their max age. */
  keys: PageLoadKeys
  /** The versions reports may name. */
  history: VersionHistory
  /** Also send each stored report on (OTLP export), without waiting for it. */
  forward?: (report: HealthReport) => void
  /** How many reports each client may send a minute (`healthReportsPerMinute`). */
  limit: RateLimit
  /**
   * Counts since start, for the server's own log and tests: `accepted` answered 202, `stored` of those kept
   * by the store (a page load keeps at most four), `refused` another site's or no page load's.
   */
  counts: { accepted: number; stored: number; rejected: number; limited: number; refused: number }
}

export function createHealthCollector(options: {
  store: HealthStore
  keys: PageLoadKeys
  history: VersionHistory
  forward?: (report: HealthReport) => void
  perMinute?: number
}): HealthCollector {
  return {
    store: options.store,
    keys: options.keys,
    history: options.history,
    forward: options.forward,
    limit: new RateLimit(options.perMinute ?? HEALTH_REPORTS_PER_MINUTE),
    counts: { accepted: 0, stored: 0, rejected: 0, limited: 0, refused: 0 },
  }
}

/** A fixed-window counter per client: enough to stop one page (or one script) flooding the store. */
export class RateLimit {
  private window = 0
  private readonly seen = new Map<string, number>()

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  allow(client: string): boolean {
    const window = Math.floor(this.now() / 60_000)
    if (window !== this.window) {
      this.window = window
      this.seen.clear()
    }
    const count = (this.seen.get(client) ?? 0) + 1
    this.seen.set(client, count)
    return count <= this.perMinute
  }
}

/**
 * The client a request counts against: nginx's `X-Real-IP` when the request proves it came through our nginx
 * (`fromOurProxy`), else the socket's address (either spelling of an IPv4 address: `clientNetwork` and the
 * client key read both alike).
 */
export function clientOf(req: IncomingMessage, keys: PageLoadKeys): string {
  const forwarded = req.headers['x-real-ip']
  const proxied = typeof forwarded === 'string' && forwarded !== '' && fromOurProxy(req, keys)
  return proxied ? forwarded : (req.socket.remoteAddress ?? '')
}

/**
 * This server's origin as the browser asked for it: through our nginx, its X-Forwarded-Proto and
 * X-Forwarded-Host; else the Host over this socket's scheme. Null when the host is none.
 */
export function ownOrigin(req: IncomingMessage, keys: PageLoadKeys): string | null {
  const proxied = fromOurProxy(req, keys)
  const header = (name: string) => (proxied ? req.headers[name] : undefined)
  const forwardedHost = header('x-forwarded-host')
  const forwardedProto = header('x-forwarded-proto')
  const secure =
    forwardedProto === 'https' || (!proxied && 'encrypted' in req.socket && req.socket.encrypted === true)
  const origin = requestOrigin(typeof forwardedHost === 'string' ? forwardedHost : req.headers.host)
  return origin && (secure ? origin.replace(/^http:/, 'https:') : origin)
}

/**
 * Sent from another site: an `Origin` that is not ours (a sandboxed page's `null` included), or a
 * `Sec-Fetch-Site` other than same-origin or none (same-site too: a sibling subdomain is not this site).
 * Either is enough; a request with neither (a tool, an older browser) is judged by its token alone.
 */
export function crossSite(req: IncomingMessage, keys: PageLoadKeys): boolean {
  const fetchSite = req.headers['sec-fetch-site']
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
  const origin = req.headers.origin
  if (origin === undefined) return false
  let sent: string
  try {
    sent = new URL(origin).origin
  } catch {
    return true
  }
  return sent === 'null' || sent !== ownOrigin(req, keys)
}

export function receiveHealthReport(
  req: IncomingMessage,
  res: ServerResponse,
  collector: HealthCollector,
  headers: Record<string, string>,
): void {
  const answer = (status: number, text = '', extra: Record<string, string> = {}) => {
    if (res.headersSent || res.destroyed) return
    res.writeHead(status, {
      ...headers,
      'Cache-Control': 'no-store',
      ...(text ? { 'Content-Type': 'text/plain; charset=utf-8' } : {}),
      ...extra,
    })
    res.end(text ? `${text}\n` : '')
  }
  if (req.method !== 'POST') return answer(405, 'Method not allowed', { Allow: 'POST' })
  // Before the body is read; the answer never repeats the Origin sent.
  if (crossSite(req, collector.keys)) {
    collector.counts.refused += 1
    req.resume()
    return answer(403, 'Reports from another site are refused')
  }
  const client = clientOf(req, collector.keys)
  // Per network, as the token's client key counts (an IPv6 /64 is one client).
  if (!collector.limit.allow(clientNetwork(client))) {
    collector.counts.limited += 1
    req.resume()
    return answer(429, 'Too many reports')
  }
  if (!TYPES.has(mediaType(req))) {
    req.resume()
    return answer(415, 'Not a health report')
  }
  const accept = (body: string) => {
    let value: unknown
    try {
      value = JSON.parse(body)
    } catch {
      value = undefined
    }
    const checked = value === undefined ? { problem: 'not JSON' } : safeHealthReport(value)
    if ('problem' in checked) {
      collector.counts.rejected += 1
      answer(400, `Not a health report: ${checked.problem}`)
      collector.store.reject(checked.problem)
      return
    }
    const report = checked.report
    const load = verifyPageLoadToken(collector.keys, requestCookie(req, PAGE_LOAD_COOKIE), report.route)
    // A token speaks for the network its page went to: tokens gathered elsewhere are not spent from here.
    if ('problem' in load || load.client !== clientKeyOf(collector.keys, client)) {
      collector.counts.refused += 1
      return answer(403, 'No page load')
    }
    if (!collector.history.knows(report)) {
      collector.counts.rejected += 1
      answer(400, 'Unknown version')
      collector.store.reject('unknown version')
      return
    }
    // The answer goes before the report is handed on: nothing after it can leave a page waiting. A page
    // load past its reports is answered the same (the page has nothing to do about it), but neither kept
    // nor sent on.
    answer(202)
    collector.counts.accepted += 1
    const evidence: Evidence = { ...load, remote: matchRoute(load.route)?.remote ?? null }
    collector.store.enqueue(report, evidence, () => {
      collector.counts.stored += 1
      collector.forward?.(report)
    })
  }
  const guarded = (body: string) => {
    try {
      accept(body)
    } catch (error) {
      console.error('[health] a report could not be taken:', error instanceof Error ? error.message : error)
      answer(500, 'Could not take the report')
    }
  }
  readCappedBody(
    req,
    HEALTH_REPORT_MAX_BYTES,
    (body) =>
      body === null
        ? answer(
            413,
            'Too large',
            Number(req.headers['content-length']) > HEALTH_REPORT_MAX_BYTES ? { Connection: 'close' } : {},
          )
        : guarded(body),
    () => res.destroy(),
  )
}

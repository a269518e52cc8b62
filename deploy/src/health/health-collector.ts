import { createHmac, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { HEALTH_REPORT_MAX_BYTES, type HealthReport } from 'shared/health/report'
import { matchRoute } from 'shared/routes'
import { mediaType, readCappedBody } from '../serve/capped-body'
import { fromLoopback } from '../serve/request-paths'
import type { Evidence } from './evidence'
import type { HealthStore } from './health-store'
import { safeHealthReport } from './scrub'

/**
 * The endpoint pages send health reports to (ADR 0033): POST only, JSON, at most HEALTH_REPORT_MAX_BYTES,
 * checked against the report schema, rate-limited per client. A good report is queued for the store (ADR
 * 0042: answered 202 at once, never after the disk) and passed to the exporter when one is configured; a
 * malformed one is answered 400 and counted, never stored.
 */
export const HEALTH_REPORT_PATH = '/health/reports'

/** Reports per client per minute; nginx's `health_reports` zone has the same rate (deploy's tests compare). */
export const HEALTH_REPORTS_PER_MINUTE = 60

/**
 * The per-client rate from `HEALTH_REPORTS_PER_MINUTE` (default HEALTH_REPORTS_PER_MINUTE), for the Node server
 * and nginx alike. A place where many borrowers share one address (the e2e suite: every test's browser is
 * 127.0.0.1) raises it; anything but a whole number from 1 up stops the server, named.
 */
export function healthReportsPerMinute(env: Record<string, string | undefined> = process.env): number {
  const raw = env.HEALTH_REPORTS_PER_MINUTE
  if (raw === undefined) return HEALTH_REPORTS_PER_MINUTE
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isInteger(value) || value < 1) {
    throw new Error(`HEALTH_REPORTS_PER_MINUTE: "${raw}" is not a whole number of reports from 1 up`)
  }
  return value
}

const TYPES = new Set(['application/json', 'text/plain'])

export interface HealthCollector {
  store: HealthStore
  /** Which page load a report speaks for. */
  loads: PageLoads
  /** Also send each stored report on (OTLP export), without waiting for it. */
  forward?: (report: HealthReport) => void
  /** How many reports each client may send a minute (`healthReportsPerMinute`). */
  limit: RateLimit
  /** Counts since start, for the server's own log and tests. */
  counts: { accepted: number; rejected: number; limited: number }
}

export function createHealthCollector(
  store: HealthStore,
  forward?: (report: HealthReport) => void,
  perMinute = HEALTH_REPORTS_PER_MINUTE,
): HealthCollector {
  return {
    store,
    loads: new PageLoads(),
    forward,
    limit: new RateLimit(perMinute),
    counts: { accepted: 0, rejected: 0, limited: 0 },
  }
}

/**
 * The page load a report speaks for, as far as a report without a page-load token tells: a load report
 * starts a page load of its client on its route, and that client's later reports of the route belong to it.
 * The client is a keyed hash of its address (the key lives as long as the process), never the address.
 */
export class PageLoads {
  private readonly latest = new Map<string, Evidence>()
  private readonly key = randomBytes(32)

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = 10_000,
  ) {}

  of(address: string, report: HealthReport): Evidence {
    const client = createHmac('sha256', this.key).update(`client:${address}`).digest('hex').slice(0, 16)
    const key = `${client} ${report.route}`
    const started = report.phase === 'load' ? undefined : this.latest.get(key)
    if (started) return started
    const evidence: Evidence = {
      loadId: randomBytes(16).toString('hex'),
      client,
      route: report.route,
      remote: matchRoute(report.route)?.remote ?? null,
      issuedAt: this.now(),
    }
    this.latest.delete(key)
    this.latest.set(key, evidence)
    if (this.latest.size > this.max) this.latest.delete(this.latest.keys().next().value!)
    return evidence
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

/** The client a request counts against: the proxy's `X-Real-IP` when it came through our nginx, else the socket. */
export function clientOf(req: IncomingMessage): string {
  const socket = req.socket.remoteAddress ?? ''
  const forwarded = req.headers['x-real-ip']
  return fromLoopback(req) && typeof forwarded === 'string' && forwarded ? forwarded : socket
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
  const client = clientOf(req)
  if (!collector.limit.allow(client)) {
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
    // The answer goes before the report is handed on: nothing after it can leave a page waiting.
    answer(202)
    collector.store.enqueue(checked.report, collector.loads.of(client, checked.report))
    collector.counts.accepted += 1
    collector.forward?.(checked.report)
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

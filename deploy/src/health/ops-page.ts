import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readRegistry, type RegistryEntry } from '../registry-file'
import { readReleaseEvents } from '../release/release-log'
import { mediaType, readCappedBody } from '../serve/capped-body'
import { askedOrigin } from '../serve/request-paths'
import type { VersionHealth } from './health-db'
import type { HealthStore } from './health-store'
import type { CanaryState } from './canary-watch'
import {
  ENGINE_LABELS,
  engineCells,
  HEALTH_COLUMNS,
  NO_HEALTH_CELLS,
  versionCells,
  WINDOWS,
} from './health-table'

/**
 * The ops page (ADR 0033): per remote, current and previous version over the last hour and day, with charts
 * over time (uPlot) and release and rollback events on the time axis. On the deploy server only, under
 * `/ops`, never on the borrowers' routes (nginx does not pass it on), never indexed, and only with the ops
 * token from the settings (`OPS_TOKEN`), compared in constant time. Each login opens a session of its own: a
 * random id kept here with its expiry, the cookie holding only the id (HttpOnly, SameSite=Strict, path `/ops`,
 * Secure unless asked for on localhost over http); `POST /ops/logout` ends it. Tools may send
 * `Authorization: Bearer <token>`. Failed logins are limited per client address.
 */
export const OPS_PATH = '/ops'
const COOKIE = 'ops'
export const SESSION_HOURS = 12
export const LOGIN_ATTEMPTS_PER_MINUTE = 5
/** 32 random bytes, base64url: what `OpsLogins.open` makes; any other cookie value is no session. */
const SESSION_ID = /^[\w-]{43}$/
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
/** Chart buckets: 24 hours of 15 minutes. */
const BUCKET_MS = 15 * 60_000

export interface OpsOptions {
  token: string
  store: HealthStore
  cdnDir: string
  registryFile: string
  logins: OpsLogins
  /** The canary watch's latest judgement of each running canary (ADR 0059); none: no watch. */
  canaries?: () => CanaryState[]
}

/**
 * The ops sessions (one random id per login, with its expiry) and the failed logins of each client address in
 * the current minute. In memory: a restart logs ops out, which the 12-hour session makes routine anyway.
 */
export class OpsLogins {
  private readonly sessions = new Map<string, number>()
  private readonly failures = new Map<string, number>()
  private window = 0

  constructor(private readonly now: () => number = Date.now) {}

  open(): string {
    const now = this.now()
    for (const [id, until] of this.sessions) if (until <= now) this.sessions.delete(id)
    const id = randomBytes(32).toString('base64url')
    this.sessions.set(id, now + SESSION_HOURS * 3_600_000)
    return id
  }

  valid(id: string): boolean {
    const until = this.sessions.get(id)
    if (until === undefined) return false
    if (until > this.now()) return true
    this.sessions.delete(id)
    return false
  }

  close(id: string): void {
    this.sessions.delete(id)
  }

  /** Whether `client` has spent this minute's failed attempts: then even the right token is not compared. */
  held(client: string): boolean {
    return (this.minute().get(client) ?? 0) >= LOGIN_ATTEMPTS_PER_MINUTE
  }

  failed(client: string): void {
    const failures = this.minute()
    failures.set(client, (failures.get(client) ?? 0) + 1)
  }

  private minute(): Map<string, number> {
    const window = Math.floor(this.now() / 60_000)
    if (window !== this.window) {
      this.window = window
      this.failures.clear()
    }
    return this.failures
  }

  /** Seconds until the attempts start again. */
  retryAfter(): number {
    return Math.ceil((60_000 - (this.now() % 60_000)) / 1000)
  }
}

/** `OPS_TOKEN`, else (demo profile only) one made up for this run, which the server prints; else none. */
export function opsToken(
  env: NodeJS.ProcessEnv,
  profile: string,
): { token: string; generated: boolean } | null {
  const set = env.OPS_TOKEN?.trim()
  if (set) {
    if (set.length < 16)
      throw new Error('OPS_TOKEN: use at least 16 characters (the ops page shows field health)')
    return { token: set, generated: false }
  }
  return profile === 'demo' ? { token: randomBytes(18).toString('base64url'), generated: true } : null
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Constant time: the digests have one length whatever was sent. */
export function sameToken(sent: string, token: string): boolean {
  return timingSafeEqual(digest(sent), digest(token))
}

/** The session id the `ops` cookie holds, if it is one; anything else (malformed, foreign) is none. */
function sessionOf(req: IncomingMessage): string | null {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [name, value] = [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()]
    if (part.includes('=') && name === COOKIE && SESSION_ID.test(value)) return value
  }
  return null
}

/** Ops ask for /ops directly (nginx does not pass it on), so the socket's address is the client's. */
const clientOf = (req: IncomingMessage) => req.socket.remoteAddress ?? ''

/**
 * Secure unless the page is asked for on this machine over plain http (`pnpm start`'s localhost), where a
 * browser would not send a Secure cookie back to an http page on a name other than localhost's. A proxy's
 * `X-Forwarded-Proto: https` is believed from anyone: it can only add the flag.
 */
function secureRequest(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
  if (proto.split(',')[0].trim().toLowerCase() === 'https') return true
  const origin = askedOrigin(req)
  return !origin || !LOCAL_HOSTS.has(new URL(origin).hostname)
}

function cookie(req: IncomingMessage, value: string, maxAge: number): string {
  const secure = secureRequest(req) ? '; Secure' : ''
  return `${COOKIE}=${value}; Path=${OPS_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`
}

/** Whether the request may see the data: a tool's bearer token, else a live session. */
function authorised(req: IncomingMessage, options: OpsOptions): boolean | 'held' {
  const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1]
  if (bearer === undefined) {
    const id = sessionOf(req)
    return id !== null && options.logins.valid(id)
  }
  const client = clientOf(req)
  if (options.logins.held(client)) return 'held'
  if (sameToken(bearer, options.token)) return true
  options.logins.failed(client)
  return false
}

const HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}

const here = dirname(fileURLToPath(import.meta.url))
const uplotDir = dirname(createRequire(import.meta.url).resolve('uplot/dist/uPlot.iife.min.js'))
const ASSETS: Record<string, { file: string; type: string }> = {
  '/ops/uplot.js': { file: join(uplotDir, 'uPlot.iife.min.js'), type: 'text/javascript; charset=utf-8' },
  '/ops/uplot.css': { file: join(uplotDir, 'uPlot.min.css'), type: 'text/css; charset=utf-8' },
  '/ops/ops.js': { file: join(here, 'ops-client.js'), type: 'text/javascript; charset=utf-8' },
  '/ops/ops.css': { file: join(here, 'ops-client.css'), type: 'text/css; charset=utf-8' },
}

const page = (body: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">' +
  '<title>Field health · ops</title><link rel="stylesheet" href="/ops/uplot.css"><link rel="stylesheet" href="/ops/ops.css">' +
  `</head><body>${body}</body></html>`

const LOGIN = (message: string) =>
  page(
    '<main class="login"><h1>Field health</h1>' +
      (message ? `<p role="alert">${message}</p>` : '') +
      '<form method="post" action="/ops/login"><label>Ops token <input name="token" type="password" ' +
      'autocomplete="current-password" required></label><button type="submit">Open</button></form></main>',
  )

const DASHBOARD = page(
  '<main><header><h1>Field health per remote version</h1>' +
    '<form method="post" action="/ops/logout"><button type="submit">Log out</button></form></header>' +
    '<p id="status" role="status">Loading…</p>' +
    '<div id="remotes"></div></main><script src="/ops/uplot.js"></script><script src="/ops/ops.js"></script>',
)

/**
 * A version's summary with the cells the page shows for it and for each engine's share, written as `pnpm
 * remotes` writes them (health-table.ts): the page formats nothing itself.
 */
const withCells = (version: VersionHealth) => ({
  ...version,
  cells: versionCells(version),
  engines: version.engines.map((engine) => ({
    ...engine,
    label: ENGINE_LABELS[engine.engine],
    cells: engineCells(engine),
  })),
})

/** What the page draws: per remote its versions' summaries and series, and the release log. */
export async function opsData(options: OpsOptions, now = Date.now()) {
  const registry = readRegistry(options.registryFile)
  const since = now - WINDOWS[1].ms
  const { store } = options
  // The store's worker answers these; the request thread only waits for the answers.
  const [windows, series, rejectedReports] = await Promise.all([
    Promise.all(
      WINDOWS.map(async (w) => ({
        label: w.label,
        versions: (await store.versions(now - w.ms)).map(withCells),
      })),
    ),
    store.series(since, BUCKET_MS),
    store.rejectedSince(since),
  ])
  return {
    now,
    bucketMs: BUCKET_MS,
    columns: HEALTH_COLUMNS,
    noCells: NO_HEALTH_CELLS,
    windows,
    series,
    events: readReleaseEvents(options.cdnDir, since),
    remotes: Object.entries(registry.remotes).map(([remote, entry]) => ({
      remote,
      current: entry.version,
      previous: entry.previous?.version ?? null,
      ...(entry.canary ? { canary: canaryData(entry.canary, options.canaries?.(), remote) } : {}),
    })),
    rejectedReports,
  }
}

/**
 * A running canary as the ops page shows it (ADR 0059): the share asked and the one seen since its step
 * began, and the judge's state with its figures (null before its first check).
 */
function canaryData(
  canary: NonNullable<RegistryEntry['canary']>,
  states: CanaryState[] | undefined,
  remote: string,
) {
  const state = states?.find((s) => s.remote === remote && s.version === canary.version)
  const ratio = state?.judgement.ratio
  const clients = ratio ? ratio.canary + ratio.control : 0
  return {
    version: canary.version,
    percent: canary.percent,
    since: canary.since,
    stepSince: canary.stepSince,
    judge: state
      ? {
          status: state.status,
          reason: state.judgement.reason,
          at: state.at,
          canaryClients: ratio?.canary ?? 0,
          controlClients: ratio?.control ?? 0,
          seenPercent: clients ? (100 * (ratio?.canary ?? 0)) / clients : null,
        }
      : null,
  }
}

/** Answers every request under OPS_PATH. */
export function handleOps(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: OpsOptions,
): void {
  const send = (status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...HEADERS, 'Content-Type': type, ...extra })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
  const html = 'text/html; charset=utf-8'
  const held = () => {
    req.resume()
    return send(429, html, LOGIN('Too many attempts from this address: try again in a minute.'), {
      'Retry-After': String(options.logins.retryAfter()),
    })
  }
  if (path === '/ops/logout') {
    if (req.method !== 'POST')
      return send(405, 'text/plain; charset=utf-8', 'Method not allowed\n', { Allow: 'POST' })
    req.resume()
    const id = sessionOf(req)
    if (id !== null) options.logins.close(id)
    return send(303, 'text/plain; charset=utf-8', 'See /ops\n', {
      Location: OPS_PATH,
      'Set-Cookie': cookie(req, '', 0),
    })
  }
  if (path === '/ops/login') {
    if (req.method !== 'POST')
      return send(405, 'text/plain; charset=utf-8', 'Method not allowed\n', { Allow: 'POST' })
    const client = clientOf(req)
    if (options.logins.held(client)) return held()
    if (mediaType(req) !== 'application/x-www-form-urlencoded') {
      req.resume()
      return send(415, 'text/plain; charset=utf-8', 'Not a form\n')
    }
    readCappedBody(
      req,
      4096,
      (body) => {
        const sent = new URLSearchParams(body ?? '').get('token') ?? ''
        if (!sameToken(sent, options.token)) {
          options.logins.failed(client)
          return send(401, html, LOGIN('That is not the ops token.'))
        }
        send(303, 'text/plain; charset=utf-8', 'See /ops\n', {
          Location: OPS_PATH,
          'Set-Cookie': cookie(req, options.logins.open(), SESSION_HOURS * 3600),
        })
      },
      () => res.destroy(),
    )
    return
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(405, 'text/plain; charset=utf-8', 'Method not allowed\n', { Allow: 'GET, HEAD' })
  }
  const asset = ASSETS[path]
  if (asset) return send(200, asset.type, readFileSync(asset.file))
  const allowed = authorised(req, options)
  if (allowed === 'held') return held()
  if (path === OPS_PATH || path === `${OPS_PATH}/`)
    return send(allowed ? 200 : 401, html, allowed ? DASHBOARD : LOGIN(''))
  if (path === '/ops/api/health') {
    if (!allowed) return send(401, 'application/json', '{"error":"the ops token is needed"}\n')
    opsData(options).then(
      (data) => send(200, 'application/json', JSON.stringify(data)),
      (error: unknown) => {
        console.error('[ops]', error instanceof Error ? error.message : error)
        send(503, 'application/json', '{"error":"the health store did not answer"}\n')
      },
    )
    return
  }
  send(404, 'text/plain; charset=utf-8', 'Not found\n')
}

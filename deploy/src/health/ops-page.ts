import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readRegistry } from '../registry-file'
import { readReleaseEvents } from '../release/release-log'
import { mediaType, readCappedBody } from '../serve/capped-body'
import type { HealthStore } from './health-store'
import { WINDOWS } from './health-table'

/**
 * The ops page (ADR 0033): per remote, current and previous version over the last hour and day, with charts
 * over time (uPlot) and release and rollback events on the time axis. On the deploy server only, under
 * `/ops`, never on the borrowers' routes (nginx does not pass it on), never indexed, and only with the ops
 * token from the settings (`OPS_TOKEN`), compared in constant time. The token is asked for once and kept in
 * an HttpOnly, SameSite=Strict cookie scoped to `/ops`; tools may send `Authorization: Bearer <token>`.
 */
export const OPS_PATH = '/ops'
const COOKIE = 'ops'
/** Chart buckets: 24 hours of 15 minutes. */
const BUCKET_MS = 15 * 60_000

export interface OpsOptions {
  token: string
  store: HealthStore
  cdnDir: string
  registryFile: string
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

/** The cookie's value: derived from the token, so the token itself never sits in a browser's cookie jar. */
const sessionValue = (token: string) => createHash('sha256').update(`ops-session:${token}`).digest('hex')

function cookieValue(req: IncomingMessage): string {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === COOKIE) return decodeURIComponent(value.join('='))
  }
  return ''
}

function authorised(req: IncomingMessage, token: string): boolean {
  const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1]
  return bearer !== undefined ? sameToken(bearer, token) : sameToken(cookieValue(req), sessionValue(token))
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
  '<main><h1>Field health per remote version</h1><p id="status" role="status">Loading…</p>' +
    '<div id="remotes"></div></main><script src="/ops/uplot.js"></script><script src="/ops/ops.js"></script>',
)

/** What the page draws: per remote its versions' summaries and series, and the release log. */
export async function opsData(options: OpsOptions, now = Date.now()) {
  const registry = readRegistry(options.registryFile)
  const since = now - WINDOWS[1].ms
  const { store } = options
  // The store's worker answers these; the request thread only waits for the answers.
  const [windows, series, rejectedReports] = await Promise.all([
    Promise.all(WINDOWS.map(async (w) => ({ label: w.label, versions: await store.versions(now - w.ms) }))),
    store.series(since, BUCKET_MS),
    store.rejectedSince(since),
  ])
  return {
    now,
    bucketMs: BUCKET_MS,
    windows,
    series,
    events: readReleaseEvents(options.cdnDir, since),
    remotes: Object.entries(registry.remotes).map(([remote, entry]) => ({
      remote,
      current: entry.version,
      previous: entry.previous?.version ?? null,
    })),
    rejectedReports,
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
  if (path === '/ops/login') {
    if (req.method !== 'POST')
      return send(405, 'text/plain; charset=utf-8', 'Method not allowed\n', { Allow: 'POST' })
    if (mediaType(req) !== 'application/x-www-form-urlencoded') {
      req.resume()
      return send(415, 'text/plain; charset=utf-8', 'Not a form\n')
    }
    readCappedBody(
      req,
      4096,
      (body) => {
        const sent = new URLSearchParams(body ?? '').get('token') ?? ''
        if (!sameToken(sent, options.token)) return send(401, html, LOGIN('That is not the ops token.'))
        send(303, 'text/plain; charset=utf-8', 'See /ops\n', {
          Location: OPS_PATH,
          'Set-Cookie': `${COOKIE}=${sessionValue(sent)}; Path=${OPS_PATH}; HttpOnly; SameSite=Strict; Max-Age=43200`,
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
  const allowed = authorised(req, options.token)
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

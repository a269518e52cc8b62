import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { dirname, join } from 'node:path'
import { matchRoute, SHELL_SCREENS_ROUTE } from 'shared/routes'
import healthToken from '../nginx/health-token.js'
import { DEPLOY_DIR } from '../paths'
import { REQUIRED_TO_SERVE_IN_PRODUCTION, wholeNumberSetting } from '../settings'

/**
 * Page-load tokens (ADR 0040): whichever server sends a route page sets a cookie that says "this deployment
 * served page <route> to client <key> at <time>, load <id>", signed with a secret nginx and the deploy server
 * share. A health report counts only with one. Issued by health-token.js (nginx runs the same file with
 * njs), verified here.
 */
export const PAGE_LOAD_COOKIE = healthToken.COOKIE
export const HEALTH_TOKEN_SECRET_MIN = 32
/** Seconds a token is good for (`HEALTH_TOKEN_MAX_AGE`): a page left open longer reports nothing more. */
export const HEALTH_TOKEN_MAX_AGE = 3600
/** A token issued this far in the future (another server's clock) still counts. */
export const TOKEN_CLOCK_SKEW_SECONDS = 60
/** The demo's secret when `HEALTH_TOKEN_SECRET` is unset: made once, shared by `pnpm start` and `pnpm nginx`. */
export const TOKEN_SECRET_FILE = join(DEPLOY_DIR, '.health', 'token-secret')

export interface PageLoadKeys {
  secret: string
  maxAgeSeconds: number
}

/**
 * `HEALTH_TOKEN_SECRET`; unset, in production an error naming it, elsewhere the demo's file (made on first
 * use, mode 600). Its value never appears in a message.
 */
export function healthTokenSecret(env: NodeJS.ProcessEnv = process.env, file = TOKEN_SECRET_FILE): string {
  const set = env.HEALTH_TOKEN_SECRET
  if (set?.trim()) {
    if (set.length < HEALTH_TOKEN_SECRET_MIN) {
      throw new Error(
        `HEALTH_TOKEN_SECRET: ${set.length} characters; use at least ${HEALTH_TOKEN_SECRET_MIN} ` +
          '(random, e.g. openssl rand -base64 33)',
      )
    }
    return set
  }
  if (env.DEPLOY_PROFILE === 'production') {
    throw new Error(
      'DEPLOY_PROFILE=production needs settings that are not set (a production deploy states them; nothing ' +
        `is made up in their place):\n  HEALTH_TOKEN_SECRET: ${REQUIRED_TO_SERVE_IN_PRODUCTION.HEALTH_TOKEN_SECRET}`,
    )
  }
  return demoSecret(file)
}

/**
 * The demo's secret: the file's, else a new one written whole under a temporary name and linked into place,
 * so the Node server and nginx starting together agree on the first one linked.
 */
function demoSecret(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    const temp = `${file}.${randomUUID()}`
    writeFileSync(temp, `${randomBytes(33).toString('base64url')}\n`, { mode: 0o600 })
    try {
      linkSync(temp, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      rmSync(temp, { force: true })
    }
  }
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < HEALTH_TOKEN_SECRET_MIN) {
    throw new Error(`${file} holds no token secret; delete it and start again to have one made`)
  }
  return secret
}

/** `HEALTH_TOKEN_MAX_AGE` in seconds (default HEALTH_TOKEN_MAX_AGE), whole from 60 up, else the server stops. */
export function healthTokenMaxAge(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumberSetting(env, 'HEALTH_TOKEN_MAX_AGE', HEALTH_TOKEN_MAX_AGE, 60, 'seconds')
}

export function pageLoadKeys(env: NodeJS.ProcessEnv = process.env): PageLoadKeys {
  return { secret: healthTokenSecret(env), maxAgeSeconds: healthTokenMaxAge(env) }
}

/** The network an address counts as, one client (an IPv4 address, an IPv6 /64): health-token.js's. */
export const clientNetwork = (address: string) => healthToken.clientNetwork(address)

/** The client key a page sent to `address` carries: what a report from there must name (ADR 0040). */
export const clientKeyOf = (keys: PageLoadKeys, address: string) =>
  healthToken.clientKey(keys.secret, address)

/**
 * The Set-Cookie value for a page sent for `target` (the request's path) to `address`, or null when reports
 * are off (no `endpoint`). `secure` when the page went over https.
 */
export function pageLoadCookie(
  keys: PageLoadKeys,
  page: { target: string; address: string; endpoint: string; secure: boolean },
  now = Date.now(),
): string | null {
  if (!page.endpoint) return null
  const value = healthToken.token(
    keys.secret,
    Math.floor(now / 1000),
    randomBytes(16).toString('hex'),
    healthToken.routeOf(page.target),
    // Keyed by its network (clientNetwork): a dual-stack socket's `::ffff:` form is the IPv4 nginx names.
    page.address,
  )
  return healthToken.cookie(value, page.endpoint, keys.maxAgeSeconds, page.secure)
}

/** What a valid token says of its page load. */
export interface PageLoad {
  loadId: string
  /** clientKey: the address's HMAC, never the address. */
  client: string
  /** The route as requested (`routeOf`). */
  route: string
  /** When the page was sent, ms since the epoch. */
  issuedAt: number
}

const TOKEN = /^v1\.(\d{1,12})\.([0-9a-f]{32})\.([\w-]{1,200})\.([0-9a-f]{16})\.([\w-]{43})$/

/** The route a report from a page at `route` names: the route table's path, or the shell's own screens'. */
const reportRouteOf = (route: string) => matchRoute(route)?.path ?? SHELL_SCREENS_ROUTE

/**
 * The page load `token` proves for a report naming `reportRoute`, or why not: malformed, a MAC that is not
 * ours (compared in constant time), older than the keys' max age (or from the future past the skew), or
 * issued for a page of another route.
 */
export function verifyPageLoadToken(
  keys: PageLoadKeys,
  token: string | null,
  reportRoute: string,
  now = Date.now(),
): PageLoad | { problem: 'no token' | 'malformed' | 'not ours' | 'expired' | 'another route' } {
  if (!token) return { problem: 'no token' }
  const parts = TOKEN.exec(token)
  if (!parts) return { problem: 'malformed' }
  const [, issued, loadId, routeKey, client, mac] = parts
  const sent = Buffer.from(mac)
  const made = Buffer.from(healthToken.mac(keys.secret, token.slice(0, -mac.length - 1)))
  if (sent.length !== made.length || !timingSafeEqual(sent, made)) return { problem: 'not ours' }
  const age = Math.floor(now / 1000) - Number(issued)
  if (age > keys.maxAgeSeconds || age < -TOKEN_CLOCK_SKEW_SECONDS) return { problem: 'expired' }
  const route = Buffer.from(routeKey, 'base64url').toString()
  if (reportRoute !== route && reportRoute !== reportRouteOf(route)) return { problem: 'another route' }
  return { loadId, client, route, issuedAt: Number(issued) * 1000 }
}

/** X-Health-Proxy's value, which our nginx sends (a load generator standing in for it sends the same). */
export const proxyProof = (keys: PageLoadKeys) => healthToken.proxyProof(keys.secret)

/**
 * Whether `req` came through our nginx: it carries X-Health-Proxy, a value only a holder of the secret can
 * make (any other client's copy of the header is replaced by nginx's own). Only then are the forwarded
 * address, host and scheme nginx adds believed; a loopback peer proves nothing (anyone on the machine is one).
 */
export function fromOurProxy(req: IncomingMessage, keys: PageLoadKeys): boolean {
  const sent = req.headers['x-health-proxy']
  if (typeof sent !== 'string') return false
  const proof = Buffer.from(proxyProof(keys))
  const given = Buffer.from(sent)
  return given.length === proof.length && timingSafeEqual(given, proof)
}

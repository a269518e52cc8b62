// The page-load token (ADR 0040), made by this one file on both servers: nginx runs it with njs (js_import in
// deploy/nginx.conf, `js_set $health_cookie health.pageCookie`), the Node server imports it
// (deploy/src/health/page-load-token.ts, which also verifies). So the two cannot drift, it is written for njs:
// `crypto` without `node:`, a default export only, no destructuring.
//
// Token: v1.<issuedAtSeconds>.<loadId>.<routeKey>.<clientKey>.<mac>
//   loadId    32 hex, new for every page sent (nginx: $request_id)
//   routeKey  base64url of the route as requested (`routeOf`)
//   clientKey the first 16 hex of HMAC(secret, "client:" + network): the address itself is never kept
//   mac       base64url of HMAC-SHA256(secret, everything before it)
import crypto from 'crypto'

/** The cookie's name: short, since the page's beacon carries it with every report. */
const COOKIE = 'hl'

const hmac = (secret, text) => crypto.createHmac('sha256', secret).update(text)

/** The token's last field, over everything before it. */
function mac(secret, body) {
  return hmac(secret, body).digest('base64url')
}

/** The route a request target names: its path without the query, slashes merged, trailing ones dropped. */
function routeOf(target) {
  const path = target.split('?')[0].replace(/\/{2,}/g, '/')
  return path.replace(/\/+$/, '') || '/'
}

/**
 * The network an address counts as: an IPv4 address itself (also written IPv4-mapped, `::ffff:a.b.c.d`), an
 * IPv6 address its /64, which one subscriber holds whole (RFC 6177): a client that cycled through the 2^64
 * addresses of its own network would otherwise be as many borrowers. Written out in full, lower case, so that
 * every spelling of one network is one key.
 */
function clientNetwork(address) {
  const plain = address.split('%')[0].toLowerCase()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain)
  if (mapped) return mapped[1]
  if (plain.indexOf(':') < 0) return plain
  const halves = plain.split('::')
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : []
  // An embedded IPv4 tail (`64:ff9b::1.2.3.4`) is two groups; the /64 never reaches it.
  const tailGroups = tail.length && tail[tail.length - 1].indexOf('.') >= 0 ? tail.length + 1 : tail.length
  const groups = head.concat(new Array(Math.max(0, 8 - head.length - tailGroups)).fill('0'), tail)
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`
}

function clientKey(secret, address) {
  return hmac(secret, `client:${clientNetwork(address)}`)
    .digest('hex')
    .slice(0, 16)
}

function token(secret, issuedAt, loadId, route, address) {
  const body = `v1.${issuedAt}.${loadId}.${Buffer.from(route).toString('base64url')}.${clientKey(secret, address)}`
  return `${body}.${mac(secret, body)}`
}

/** The Set-Cookie value: sent only with reports to `path` (the health endpoint), never readable by scripts. */
function cookie(value, path, maxAge, secure) {
  return `${COOKIE}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

/** What our nginx sends the deploy server to show a request came through it (X-Health-Proxy). */
function proxyProof(secret) {
  return hmac(secret, 'proxy').digest('base64url')
}

/** nginx: the cookie for the page this request gets; none while reports are off (an empty endpoint). */
function pageCookie(r) {
  const path = r.variables.health_endpoint
  if (!path) return ''
  const secret = process.env.HEALTH_TOKEN_SECRET
  const issued = token(
    secret,
    Math.floor(Date.now() / 1000),
    r.variables.request_id,
    routeOf(r.variables.request_uri),
    r.variables.remote_addr,
  )
  return cookie(issued, path, r.variables.health_token_max_age, r.variables.scheme === 'https')
}

/** nginx: the key of the `health_reports` limit, so one /64 is one client there as in the token. */
function network(r) {
  return clientNetwork(r.variables.remote_addr)
}

/** nginx: X-Health-Proxy's value. */
function proxy() {
  return proxyProof(process.env.HEALTH_TOKEN_SECRET)
}

export default {
  COOKIE,
  routeOf,
  clientNetwork,
  clientKey,
  mac,
  token,
  cookie,
  proxyProof,
  pageCookie,
  network,
  proxy,
}

// A borrower's side of a remote's canary (ADR 0058), decided by this one file on both servers: nginx runs it
// with njs (js_import in deploy/nginx.conf), the Node server imports it (deploy/src/serve/server.ts). Written for
// njs 0.7 like health-token.js: `crypto` and `fs` without `node:`, a default export only, no destructuring, no
// object spread.
//
// The side key is 32 hex: the first half of SHA-256("device:" + deviceId) when the page's address names the
// device (the native app's session parameter), else the one the `mfc` cookie carries, else a new random one (the
// request's id) that the page's answer sets. A remote's canary takes the borrowers whose bucket, the first 32
// bits of SHA-256(key, remote, canary version) modulo 10,000, is below its share in hundredths of a percent: a
// larger share keeps every borrower the smaller one had, and each canary (another version) draws its own.
import crypto from 'crypto'
import fs from 'fs'

/** The cookie's name: short, since the browser sends it with every request to the origin. */
const COOKIE = 'mfc'
const KEY = /^[0-9a-f]{32}$/
/** A year: a borrower stays on a side for as long as the canary runs, whatever its steps. */
const MAX_AGE = 31536000
const BUCKETS = 10000
/** The folder beside the route pages that holds each canary's own (a dot name: no server sends it by path). */
const PAGES_DIR = '.canary'

const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex')

/** `run()`, or `fallback(error)` when it throws (njs 0.7 has no `catch` without a binding). */
function attempt(run, fallback) {
  try {
    return run()
  } catch (error) {
    return fallback(error)
  }
}

/** The `mfc` value of a Cookie header, or ''. */
function cookieValue(header) {
  if (typeof header !== 'string') return ''
  const parts = header.split(';')
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i].trim()
    if (part.indexOf(`${COOKIE}=`) === 0) return part.slice(COOKIE.length + 1)
  }
  return ''
}

/**
 * The borrower's side key: the device id's when the address names one (at most 200 characters), else a well
 * formed cookie's, else `fresh` (32 hex; null: none, the control side everywhere).
 */
function sideKey(deviceId, cookieHeader, fresh) {
  const id = typeof deviceId === 'string' ? deviceId.trim() : ''
  if (id && id.length <= 200) return sha256(`device:${id}`).slice(0, 32)
  const sent = cookieValue(cookieHeader)
  if (KEY.test(sent)) return sent
  return typeof fresh === 'string' && KEY.test(fresh) ? fresh : null
}

/**
 * The device id a query string (without `?`) names: its first `deviceId`, `+` as a space and percent-decoded as
 * URLSearchParams reads it ('' when none). One reader for both servers, whatever their own query parsing does.
 */
function deviceIdOf(query) {
  const pairs = typeof query === 'string' ? query.split('&') : []
  for (let i = 0; i < pairs.length; i++) {
    if (pairs[i].indexOf('deviceId=') !== 0) continue
    const raw = pairs[i].slice('deviceId='.length).replace(/\+/g, ' ')
    return attempt(
      () => decodeURIComponent(raw),
      () => raw,
    )
  }
  return ''
}

/** The key's bucket for one canary: 0 … 9,999, uniform over keys. */
function bucket(key, remote, version) {
  return parseInt(sha256(`${key}\n${remote}\n${version}`).slice(0, 8), 16) % BUCKETS
}

/** A registry entry's canary when it is one the servers act on: a version, its entry, a share in (0, 100). */
function canaryOf(entry) {
  const canary = entry && typeof entry === 'object' ? entry.canary : null
  if (!canary || typeof canary !== 'object') return null
  const ok =
    typeof canary.version === 'string' &&
    canary.version !== '' &&
    typeof canary.entry === 'string' &&
    canary.entry !== '' &&
    typeof canary.percent === 'number' &&
    canary.percent > 0 &&
    canary.percent < 100
  return ok ? canary : null
}

/** Whether the borrower with `key` is on `remote`'s canary (a registry entry's); never without a key. */
function onCanary(key, remote, entry) {
  const canary = canaryOf(entry)
  if (!canary || !key) return false
  return bucket(key, remote, canary.version) < Math.round(canary.percent * 100)
}

/** Whether any remote of a registry document has a canary running. */
function anyCanary(doc) {
  if (!doc || typeof doc !== 'object' || !doc.remotes || typeof doc.remotes !== 'object') return false
  for (const name in doc.remotes) if (canaryOf(doc.remotes[name])) return true
  return false
}

/** An entry without its canary: what the control side loads. */
function controlEntry(entry) {
  if (!entry || typeof entry !== 'object' || entry.canary === undefined) return entry
  const out = {}
  for (const name in entry) if (name !== 'canary') out[name] = entry[name]
  return out
}

/**
 * What the canary side loads: the canary's version current and the control's as its previous (the shell falls
 * back to it when the canary cannot load). The entry itself when it has no canary.
 */
function canaryEntry(entry) {
  const canary = canaryOf(entry)
  if (!canary) return entry
  return {
    version: canary.version,
    entry: canary.entry,
    previous: { version: entry.version, entry: entry.entry },
    available: entry.available,
  }
}

/**
 * One remote's entry as the borrower with `key` sees it (`canaryEntry` or `controlEntry`): either is a plain
 * entry, so a page and the shell never see a canary.
 */
function sideEntry(key, remote, entry) {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return entry
  return onCanary(key, remote, entry) ? canaryEntry(entry) : controlEntry(entry)
}

/** A registry document as the borrower with `key` sees it (`sideEntry` for each remote). */
function borrowerRegistry(doc, key) {
  if (!doc || typeof doc !== 'object' || !doc.remotes || typeof doc.remotes !== 'object') return doc
  const remotes = {}
  for (const name in doc.remotes) remotes[name] = sideEntry(key, name, doc.remotes[name])
  return Object.assign({}, doc, { remotes: remotes })
}

/**
 * The registry file's text as the borrower with `key` sees it (`borrowerRegistry`), what both servers send at
 * `/registry.json`: the text as it is while no canary runs, and when it is not JSON (the shell reports it).
 */
function sideRegistryText(text, key) {
  const doc = attempt(
    () => JSON.parse(text),
    () => null,
  )
  return anyCanary(doc) ? `${JSON.stringify(borrowerRegistry(doc, key), null, 2)}\n` : text
}

/** The Set-Cookie value that keeps `key`, or '' when the request sent it already. */
function setCookie(key, cookieHeader, secure) {
  if (!key || cookieValue(cookieHeader) === key) return ''
  return `${COOKIE}=${key}; Path=/; Max-Age=${MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** A JSON file's value, null when it cannot be read or parsed. */
function readJson(file) {
  return attempt(
    () => JSON.parse(fs.readFileSync(file, 'utf8')),
    () => null,
  )
}

/** nginx: the request's side key (a page's: a new one when it has none). */
function requestKey(r, fresh) {
  return sideKey(deviceIdOf(r.variables.args), r.headersIn.Cookie, fresh ? r.variables.request_id : null)
}

/**
 * nginx: where the page for this request is looked for first: the canary's pages folder when the page's remote
 * (`$page_remote`, from the route table) has a canary this borrower is on, else the pages folder itself ('').
 */
function pageSide(r) {
  const remote = r.variables.page_remote
  if (!remote) return ''
  const doc = readJson(r.variables.canary_registry)
  const entry = doc && doc.remotes && typeof doc.remotes === 'object' ? doc.remotes[remote] : null
  return onCanary(requestKey(r, true), remote, entry) ? `/${PAGES_DIR}` : ''
}

/**
 * nginx: a page's Set-Cookie for the side key; '' (no header) when the browser sent it, or while no remote has
 * a canary (nobody needs a side then).
 */
function pageCookie(r) {
  if (!anyCanary(readJson(r.variables.canary_registry))) return ''
  return setCookie(requestKey(r, true), r.headersIn.Cookie, r.variables.scheme === 'https')
}

/**
 * nginx: the Cookie header the render service gets for a data page (ADR 0055): the browser's, with the side key
 * nginx chose for a borrower who has none yet, so that the service renders the page of the side the answer's
 * cookie keeps. The browser's own while no canary runs, or when it names its key or device.
 */
function upstreamCookie(r) {
  const sent = r.headersIn.Cookie || ''
  if (!anyCanary(readJson(r.variables.canary_registry))) return sent
  const key = requestKey(r, true)
  if (!key || cookieValue(sent) === key || deviceIdOf(r.variables.args).trim()) return sent
  return `${sent ? `${sent}; ` : ''}${COOKIE}=${key}`
}

/**
 * nginx: `/registry.json` as this borrower sees it (`borrowerRegistry`). Without a key (no cookie, no device)
 * every remote's control side: a request that started no page load never joins a canary. While no canary
 * runs, and for a file that is not JSON (the shell reports it), the file as it is; a missing one is a 404.
 */
function registry(r) {
  const text = attempt(
    () => fs.readFileSync(r.variables.canary_registry, 'utf8'),
    () => null,
  )
  if (text === null) {
    r.return(404)
    return
  }
  const body = sideRegistryText(text, requestKey(r, false))
  r.headersOut['Content-Type'] = 'application/json'
  r.return(200, body)
}

export default {
  COOKIE,
  PAGES_DIR,
  BUCKETS,
  cookieValue,
  deviceIdOf,
  sideKey,
  bucket,
  canaryOf,
  anyCanary,
  onCanary,
  controlEntry,
  canaryEntry,
  sideEntry,
  borrowerRegistry,
  sideRegistryText,
  setCookie,
  pageSide,
  pageCookie,
  upstreamCookie,
  registry,
}

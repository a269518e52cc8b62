import { EMAIL_REGEX } from 'valibot'
import { isValidHostEntry } from '../host/settings'

/**
 * The one place that decides where a server-provided target may take the borrower, and the only code
 * that assigns `location` or opens a window.
 */

/** Native page keys without a web path; they go through the bridge. */
export const NATIVE_ROUTES = ['setting', 'main', 'login', 'order', 'productDetail', 'home', 'mine'] as const
export type NativeRoute = (typeof NATIVE_ROUTES)[number]

export type Target =
  | { kind: 'app'; path: string }
  | { kind: 'web'; url: string }
  | { kind: 'native'; route: NativeRoute; raw: string }
  | { kind: 'refused'; reason: string }

export interface TargetPolicy {
  /** The app's own origin (`location.origin`). */
  appOrigin: string
  /** Other hosts server links may open (exact host names, or `*.example.com`). */
  allowedHosts: readonly string[]
  /** Allows `http:` to localhost (development and the local demo only). */
  dev?: boolean
}

export const REFUSED_MESSAGE = 'This link cannot be opened.'

/**
 * Whether `host` (as the URL parser gives it: lower case, IDN in punycode) is on the list. An entry the
 * settings would have dropped (`*`, `*.com`, a scheme or a path) never allows anything, should one reach here;
 * nor does a host that is no plain DNS name (`.a.example.com` and `*.example.com` parse, and end like one).
 */
function hostAllowed(host: string, allowed: readonly string[]): boolean {
  if (host.startsWith('*') || !isValidHostEntry(host)) return false
  return allowed.some((item) => {
    const entry = typeof item === 'string' ? item.trim().toLowerCase() : ''
    if (!isValidHostEntry(entry)) return false
    return entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry
  })
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

const refused = (reason: string): Target => ({ kind: 'refused', reason })

/** The app's origin, or null when it has none to compare with (`null`: a sandboxed frame, a file). */
function originOf(appOrigin: string): string | null {
  try {
    const origin = new URL(appOrigin).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** An app target from a URL on the app's origin. */
function appTarget(url: URL, appOrigin: string): Target {
  const path = url.pathname + url.search + url.hash
  // Dot segments and their encodings collapse to a path like `//evil.com`, which a router or `location`
  // reads as another host.
  if (url.origin !== appOrigin || /^\/[/\\]/.test(path)) {
    return refused('path leaves the app')
  }
  return { kind: 'app', path }
}

export function classifyTarget(raw: unknown, policy: TargetPolicy): Target {
  if (typeof raw !== 'string' || raw.trim() === '') return refused('empty target')
  const value = raw.trim()
  // Control characters and backslashes are how parsers get confused into a different host or scheme.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return refused('malformed target')
  const nativeName = value.split(/[?#]/)[0]
  if ((NATIVE_ROUTES as readonly string[]).includes(nativeName)) {
    return { kind: 'native', route: nativeName as NativeRoute, raw: value }
  }
  const appOrigin = originOf(policy.appOrigin)
  if (value.startsWith('/') && !value.startsWith('//')) {
    return appOrigin ? appTarget(new URL(value, appOrigin), appOrigin) : refused('the app has no origin')
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return refused('not a URL')
  }
  // Before the origin: `blob:https://app…` has the app's origin but is no page of the app.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refused(`scheme not allowed: ${url.protocol}`)
  }
  if (url.username || url.password) return refused('credentials in URL')
  if (appOrigin && url.origin === appOrigin) return appTarget(url, appOrigin)
  const host = url.hostname
  if (url.protocol === 'https:') {
    return hostAllowed(host, policy.allowedHosts)
      ? { kind: 'web', url: url.href }
      : refused(`host not allowed: ${host}`)
  }
  if (policy.dev && LOCAL_HOSTS.has(host)) return { kind: 'web', url: url.href }
  return refused(`http not allowed: ${host}`)
}

/**
 * The spec's rule for a link the server gave: one that starts with `http` goes through the guard (the app's
 * origin stays in the app, an allowed host opens in the browser); anything else is a native page key for the
 * bridge, or nothing. `append` parameters are added to an app or web target, which is then judged again.
 */
export function classifyServerLink(
  raw: unknown,
  policy: TargetPolicy,
  append?: Record<string, string>,
): Target {
  const target = classifyTarget(raw, policy)
  const isLink = typeof raw === 'string' && /^http/i.test(raw.trim())
  if (!isLink) {
    return target.kind === 'native' || target.kind === 'refused'
      ? target
      : refused('not a link or a native key')
  }
  if (!append || (target.kind !== 'web' && target.kind !== 'app')) return target
  return classifyTarget(appendQuery(target.kind === 'web' ? target.url : target.path, append), policy)
}

/** Appends parameters to a URL or path, keeping its hash; existing keys are kept. */
export function appendQuery(target: string, params: Record<string, string>): string {
  const isAbsolute = /^[a-z][a-z0-9+.-]*:/i.test(target)
  const url = new URL(target, 'http://placeholder.invalid')
  for (const [key, value] of Object.entries(params)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value)
  }
  return isAbsolute ? url.href : url.pathname + url.search + url.hash
}

export interface LocationLike {
  assign(url: string): void
  replace(url: string): void
}

export interface OpenEnv {
  location: LocationLike
  /** In-app navigation (the shell's router). */
  navigate: (path: string, options?: { replace?: boolean }) => void
  /** Native navigation for native targets. */
  toNative: (target: string) => void
  /** Tells the borrower a link was refused. */
  refuse: (message: string) => void
}

/** How a link was opened: in the app, in the browser, or as a native page (over this one). */
export type Opened = Exclude<Target['kind'], 'refused'>

/** Opens a classified target; returns how, or null when it was refused. */
export function openTarget(target: Target, env: OpenEnv, options: { replace?: boolean } = {}): Opened | null {
  switch (target.kind) {
    case 'app':
      env.navigate(target.path, options)
      return 'app'
    case 'web':
      if (options.replace) env.location.replace(target.url)
      else env.location.assign(target.url)
      return 'web'
    case 'native':
      env.toNative(target.raw)
      return 'native'
    case 'refused':
      console.warn(`[navigation] refused: ${target.reason}`)
      env.refuse(REFUSED_MESSAGE)
      return null
  }
}

/**
 * Whether a link opened so took the borrower off this page: an in-app or browser navigation does; a native
 * page opens over it (the borrower comes back to it), and a refused link opened nothing.
 */
export function leftPage(opened: Opened | null): boolean {
  return opened === 'app' || opened === 'web'
}

/** Opens the phone dialler (plain browser fallback for the bridge's callTelephone). */
export function dial(location: LocationLike, phone: string): boolean {
  const digits = phone.replace(/[^\d+]/g, '')
  if (!digits) return false
  location.assign(`tel:${digits}`)
  return true
}

/** The longest address a mail server takes (RFC 5321's path limit). */
const MAIL_ADDRESS_MAX = 254

/**
 * The mailto URL for one plain address, or null when it is not one (the tests list which are which). A
 * mailto URL reads `?`, `&`, `,`, `;` and `%`-escapes as more recipients or headers, so only valibot's
 * common-case address (`EMAIL_REGEX`) is taken; a screen shows any other address as text to copy.
 */
export function mailtoHref(address: string): string | null {
  if (address.length > MAIL_ADDRESS_MAX || !EMAIL_REGEX.test(address)) return null
  return `mailto:${address}`
}

/** Opens the mail client; false (nothing opened) for an address `mailtoHref` does not take. */
export function mailTo(location: LocationLike, address: string): boolean {
  const href = mailtoHref(address)
  if (!href) return false
  location.assign(href)
  return true
}

export interface ServerLinkContext {
  settings: { allowedHosts: readonly string[] }
  navigate: OpenEnv['navigate']
  bridge: { call(action: 'to', payload?: unknown[]): void }
  refuse: OpenEnv['refuse']
  /** Extra parameters to append (e.g. the global productId/orderId for continuation links). */
  append?: Record<string, string>
  replace?: boolean
}

/**
 * Opens a link the server gave us (continuation link, payUrl, contract_url, product link) in the current
 * window by the spec's rule (classifyServerLink); refused targets toast instead. Returns how it opened it
 * (`openTarget`), or null when refused.
 */
export function openServerLink(raw: unknown, context: ServerLinkContext): Opened | null {
  return openTarget(
    classifyServerLink(raw, pagePolicy(context.settings.allowedHosts), context.append),
    {
      location: window.location,
      navigate: context.navigate,
      toNative: (value) => context.bridge.call('to', [value]),
      refuse: context.refuse,
    },
    { replace: context.replace },
  )
}

/** The policy this page judges server links by: its own origin, the allow-list, local http on a local page. */
function pagePolicy(allowedHosts: readonly string[]): TargetPolicy {
  return {
    appOrigin: window.location.origin,
    allowedHosts,
    dev: LOCAL_HOSTS.has(window.location.hostname),
  }
}

/**
 * Where a document the server names (the confirmation's agreement) may be shown in a frame inside this page:
 * only at a link the guard would open in the browser (an allowed host over https; http to a local host in
 * development), the hosts the CSP's `frame-src` lists too (ADR 0034). Never the app's own origin (its pages
 * refuse to be framed) nor a native page key. Null: the page offers the link instead.
 */
export function documentInFrame(raw: unknown, settings: { allowedHosts: readonly string[] }): string | null {
  const target = classifyServerLink(raw, pagePolicy(settings.allowedHosts))
  return target.kind === 'web' ? target.url : null
}

/** Loads the page again (a fresh document: what the retry of a remote the page preloaded needs). */
export function reloadPage(location: { reload(): void }): void {
  location.reload()
}

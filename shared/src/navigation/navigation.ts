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

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const rule = entry.toLowerCase()
    return rule.startsWith('*.') ? host.endsWith(rule.slice(1)) && host !== rule.slice(2) : host === rule
  })
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export function classifyTarget(raw: unknown, policy: TargetPolicy): Target {
  if (typeof raw !== 'string' || raw.trim() === '') return { kind: 'refused', reason: 'empty target' }
  const value = raw.trim()
  const nativeName = value.split(/[?#]/)[0]
  if ((NATIVE_ROUTES as readonly string[]).includes(nativeName)) {
    return { kind: 'native', route: nativeName as NativeRoute, raw: value }
  }
  // Control characters and backslashes are how parsers get confused into a different host.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return { kind: 'refused', reason: 'malformed target' }
  if (value.startsWith('/') && !value.startsWith('//')) {
    const url = new URL(value, policy.appOrigin)
    return { kind: 'app', path: url.pathname + url.search + url.hash }
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { kind: 'refused', reason: 'not a URL' }
  }
  if (url.username || url.password) return { kind: 'refused', reason: 'credentials in URL' }
  const app = new URL(policy.appOrigin)
  if (url.origin === app.origin) return { kind: 'app', path: url.pathname + url.search + url.hash }
  const host = url.hostname.toLowerCase()
  if (url.protocol === 'https:') {
    return hostAllowed(host, policy.allowedHosts)
      ? { kind: 'web', url: url.href }
      : { kind: 'refused', reason: `host not allowed: ${host}` }
  }
  if (url.protocol === 'http:' && policy.dev && LOCAL_HOSTS.has(host)) return { kind: 'web', url: url.href }
  return { kind: 'refused', reason: `scheme not allowed: ${url.protocol}` }
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

/** Opens a classified target; returns false when it was refused. */
export function openTarget(target: Target, env: OpenEnv, options: { replace?: boolean } = {}): boolean {
  switch (target.kind) {
    case 'app':
      env.navigate(target.path, options)
      return true
    case 'web':
      if (options.replace) env.location.replace(target.url)
      else env.location.assign(target.url)
      return true
    case 'native':
      env.toNative(target.raw)
      return true
    case 'refused':
      console.warn(`[navigation] refused: ${target.reason}`)
      env.refuse(REFUSED_MESSAGE)
      return false
  }
}

/** Opens the phone dialler (plain browser fallback for the bridge's callTelephone). */
export function dial(location: LocationLike, phone: string): boolean {
  const digits = phone.replace(/[^\d+]/g, '')
  if (!digits) return false
  location.assign(`tel:${digits}`)
  return true
}

/** Opens the mail client. */
export function mailTo(location: LocationLike, address: string): boolean {
  if (!/^[^\s@:/?#]+@[^\s@:/?#]+\.[^\s@:/?#]+$/.test(address)) return false
  location.assign(`mailto:${address}`)
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
 * window after classifying it; refused targets toast instead. Returns false when refused.
 */
export function openServerLink(raw: unknown, context: ServerLinkContext): boolean {
  const origin = window.location.origin
  const dev = ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname)
  let target = classifyTarget(raw, { appOrigin: origin, allowedHosts: context.settings.allowedHosts, dev })
  if (context.append && (target.kind === 'web' || target.kind === 'app')) {
    const appended = appendQuery(target.kind === 'web' ? target.url : target.path, context.append)
    target = target.kind === 'web' ? { kind: 'web', url: appended } : { kind: 'app', path: appended }
  }
  return openTarget(
    target,
    {
      location: window.location,
      navigate: context.navigate,
      toNative: (value) => context.bridge.call('to', [value]),
      refuse: context.refuse,
    },
    { replace: context.replace },
  )
}

/** Loads the page again (a fresh document: what the retry of a remote the page preloaded needs). */
export function reloadPage(location: { reload(): void }): void {
  location.reload()
}

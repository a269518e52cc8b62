/** Session parameters the native app puts on the page URL; stripped from the address bar after boot. */
export const SESSION_KEYS = [
  'appVersion',
  'deviceName',
  'deviceId',
  'osVersion',
  'sessionId',
  'adId',
] as const
/** Global parameters screens read (productId has the alias product_id). */
export const GLOBAL_KEYS = ['productId', 'orderId'] as const
/** Tracking parameters copied from the page URL onto every call. */
export const TRACKING_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'channel',
] as const

export type SessionKey = (typeof SESSION_KEYS)[number]
export type GlobalKey = (typeof GLOBAL_KEYS)[number]
export type TrackingKey = (typeof TRACKING_KEYS)[number]

export interface SessionSnapshot {
  session: Partial<Record<SessionKey, string>>
  globals: Partial<Record<GlobalKey, string>>
  tracking: Partial<Record<TrackingKey, string>>
}

export const STORAGE_KEY = 'loan-shell:session'

export function emptySession(): SessionSnapshot {
  return { session: {}, globals: {}, tracking: {} }
}

function pick<K extends string>(
  keys: readonly K[],
  get: (key: K) => string | null | undefined,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {}
  for (const key of keys) {
    const value = get(key)
    if (typeof value === 'string' && value !== '') out[key] = value
  }
  return out
}

/** Reads session, global and tracking parameters from a query (a URLSearchParams or a plain record). */
export function readParams(source: URLSearchParams | Record<string, unknown>): SessionSnapshot {
  const get = (key: string): string | undefined => {
    const value = source instanceof URLSearchParams ? source.get(key) : source[key]
    if (typeof value === 'number' && Number.isFinite(value)) return String(value)
    return typeof value === 'string' ? value.trim() : undefined
  }
  const globals = pick(GLOBAL_KEYS, get)
  const alias = get('product_id')
  if (!globals.productId && alias) globals.productId = alias
  return { session: pick(SESSION_KEYS, get), globals, tracking: pick(TRACKING_KEYS, get) }
}

/**
 * The order a page is about: its route's productId (or the alias product_id) and orderId, read as the session
 * reads them (trimmed, blank ones left out), else the session's globals; '' for an id neither names. Every
 * remote asks for the page's order here, so a screen and the first call the page started from the session
 * name the same order.
 */
export function pageOrder(page: { query: Record<string, string>; session: SessionSnapshot }): {
  productId: string
  orderId: string
} {
  const route = readParams(page.query).globals
  return {
    productId: route.productId || page.session.globals.productId || '',
    orderId: route.orderId || page.session.globals.orderId || '',
  }
}

/** Later values win, per key; empty groups never erase earlier values. */
export function mergeSessions(...snapshots: SessionSnapshot[]): SessionSnapshot {
  const out = emptySession()
  for (const s of snapshots) {
    Object.assign(out.session, s.session)
    Object.assign(out.globals, s.globals)
    Object.assign(out.tracking, s.tracking)
  }
  return out
}

const ALL_KEYS = new Set<string>([...SESSION_KEYS, ...GLOBAL_KEYS, ...TRACKING_KEYS])

/**
 * Known parameters a query names with an empty (or blank) value: `?orderId=` says "no order", so the stored
 * value goes (`product_id=` clears `productId`). An absent parameter leaves the stored value alone.
 */
export function blankKeys(params: URLSearchParams): string[] {
  const out = new Set<string>()
  for (const [key, value] of params) {
    if (value.trim() !== '') continue
    const name = key === 'product_id' ? 'productId' : key
    if (ALL_KEYS.has(name)) out.add(name)
  }
  return [...out]
}

/** `snapshot` without `keys` (in whichever group they are). */
function withoutKeys(snapshot: SessionSnapshot, keys: readonly string[]): SessionSnapshot {
  const drop = <K extends string>(group: Partial<Record<K, string>>) =>
    Object.fromEntries(Object.entries(group).filter(([key]) => !keys.includes(key))) as Partial<
      Record<K, string>
    >
  return {
    session: drop(snapshot.session),
    globals: drop(snapshot.globals),
    tracking: drop(snapshot.tracking),
  }
}

function sameSnapshot(a: SessionSnapshot, b: SessionSnapshot): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function parseStored(text: string | null): SessionSnapshot {
  if (!text) return emptySession()
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object') {
      const v = value as Partial<Record<keyof SessionSnapshot, unknown>>
      const group = (g: unknown) => (g && typeof g === 'object' ? (g as Record<string, unknown>) : {})
      return {
        session: readParams(group(v.session)).session,
        globals: readParams(group(v.globals)).globals,
        tracking: readParams(group(v.tracking)).tracking,
      }
    }
  } catch {
    // A corrupted entry is treated as no stored session.
  }
  return emptySession()
}

/** The query every API call carries: session plus tracking parameters. */
export function callQuery(snapshot: SessionSnapshot): Record<string, string> {
  return { ...snapshot.session, ...snapshot.tracking } as Record<string, string>
}

/** The global parameters appended to continuation links (productId and orderId). */
export function globalQuery(snapshot: SessionSnapshot): Record<string, string> {
  return { ...snapshot.globals } as Record<string, string>
}

/**
 * The same-origin address (`path?query#hash`) of `href` without the query parameters `keys`, with repeated
 * slashes in the path collapsed; null when that changes nothing. What it returns is always safe for
 * `history.replaceState`: a path starting with `//` would be a protocol-relative URL (another origin, so a
 * SecurityError). `//complaint` (a native app joining its base URL and a path) is the route `/complaint`.
 */
export function cleanAddress(href: string, keys: readonly string[]): string | null {
  const url = new URL(href)
  const pathname = url.pathname.replace(/\/{2,}/g, '/')
  let changed = pathname !== url.pathname
  for (const key of keys) {
    if (url.searchParams.has(key)) {
      url.searchParams.delete(key)
      changed = true
    }
  }
  return changed ? pathname + url.search + url.hash : null
}

/** Removes the session parameters from a URL, keeping everything else. Returns null when nothing changed. */
export function stripSessionParams(href: string): string | null {
  return cleanAddress(href, SESSION_KEYS)
}

/** A page's query as its screen gets it (`RemoteProps.query`): the first value wins for a repeated key, as the old pages read `query.x`. */
export function queryRecord(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of new URLSearchParams(search)) if (!(key in out)) out[key] = value
  return out
}

/**
 * What a page at `href` (absolute) gives its screen before any script has run, as a server reads it: the
 * session its address carries (the browser adds what it kept, ADR 0054) and the query left once `bootSession`
 * has taken the session parameters out of the address bar.
 */
export function pageInputs(href: string): { query: Record<string, string>; session: SessionSnapshot } {
  const url = new URL(href)
  const stripped = stripSessionParams(href)
  return {
    query: queryRecord(stripped === null ? url.search : new URL(stripped, url).search),
    session: readParams(url.searchParams),
  }
}

export interface SessionStore {
  get(): SessionSnapshot
  /**
   * Refreshes parameters (from the native app, an in-app link's query); unknown keys and empty values are
   * ignored, so it never erases: that is `clear`.
   */
  set(params: URLSearchParams | Record<string, unknown>): SessionSnapshot
  /** Erases these parameters (a field cleared on the test page, `?orderId=` on a link). */
  clear(keys: readonly string[]): SessionSnapshot
  /** Called only when the snapshot actually changes: a screen re-renders for a new value, not for every link. */
  subscribe(listener: (snapshot: SessionSnapshot) => void): () => void
}

export interface SessionEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
}

export function createSessionStore(env: SessionEnv, initial: SessionSnapshot = emptySession()): SessionStore {
  let current = initial
  const listeners = new Set<(snapshot: SessionSnapshot) => void>()
  const persist = () => {
    try {
      env.storage?.setItem(STORAGE_KEY, JSON.stringify(current))
    } catch {
      // Storage can be full or disabled (private mode); the in-memory session still works.
    }
  }
  const commit = (next: SessionSnapshot) => {
    if (sameSnapshot(next, current)) return current
    current = next
    persist()
    for (const listener of listeners) listener(current)
    return current
  }
  persist()
  return {
    get: () => current,
    set: (params) => commit(mergeSessions(current, readParams(params))),
    clear: (keys) => commit(withoutKeys(current, keys)),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function sessionStorageOf(win: Window): Storage | null {
  try {
    return win.sessionStorage
  } catch {
    return null
  }
}

/**
 * The session a page starts with: the stored one (a reload keeps it), overridden by the page URL (where a
 * parameter given empty erases the stored value).
 */
export function readSessionSnapshot(win: Window): SessionSnapshot {
  let stored: string | null = null
  try {
    stored = sessionStorageOf(win)?.getItem(STORAGE_KEY) ?? null
  } catch {
    stored = null
  }
  const params = new URL(win.location.href).searchParams
  return mergeSessions(withoutKeys(parseStored(stored), blankKeys(params)), readParams(params))
}

/**
 * Boot: stored session (a reload keeps it), overridden by the page URL; then the session parameters are
 * removed from the address bar so they are not shared, bookmarked or sent as a referrer.
 */
export function bootSession(win: Window): SessionStore {
  const store = createSessionStore({ storage: sessionStorageOf(win) }, readSessionSnapshot(win))
  const stripped = stripSessionParams(win.location.href)
  if (stripped !== null) win.history.replaceState(win.history.state, '', stripped)
  return store
}

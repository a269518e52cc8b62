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

/** Removes the session parameters from a URL, keeping everything else. Returns null when nothing changed. */
export function stripSessionParams(href: string): string | null {
  const url = new URL(href)
  let changed = false
  for (const key of SESSION_KEYS) {
    if (url.searchParams.has(key)) {
      url.searchParams.delete(key)
      changed = true
    }
  }
  return changed ? url.pathname + url.search + url.hash : null
}

export interface SessionStore {
  get(): SessionSnapshot
  /** Refreshes parameters (e.g. from the native app); unknown keys are ignored. */
  set(params: Record<string, unknown>): SessionSnapshot
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
  persist()
  return {
    get: () => current,
    set(params) {
      current = mergeSessions(current, readParams(params))
      persist()
      for (const listener of listeners) listener(current)
      return current
    },
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

/** The session a page starts with: the stored one (a reload keeps it), overridden by the page URL. */
export function readSessionSnapshot(win: Window): SessionSnapshot {
  let stored: string | null = null
  try {
    stored = sessionStorageOf(win)?.getItem(STORAGE_KEY) ?? null
  } catch {
    stored = null
  }
  return mergeSessions(parseStored(stored), readParams(new URL(win.location.href).searchParams))
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

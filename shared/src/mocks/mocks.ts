import { delay, http, HttpResponse } from 'msw'

/** Demo API helpers shared by every remote's MSW handlers (used by tests, standalone dev and `pnpm start`). */

/** Matches a business call under the `/utilities` base on any origin. */
export function apiPath(path: string): string {
  return `*/utilities${path}`
}

/** Matches a promotion call under `/api/v2/promo`. */
export function promoPath(path: string): string {
  return `*/api/v2/promo${path}`
}

/** Matches a legacy repayment call under `/api/v1/h5/service/loan`. */
export function legacyPath(path: string): string {
  return `*/api/v1/h5/service/loan${path}`
}

/** The server envelope; business calls succeed with code '00'. */
export function envelope(data: unknown, code: string | number = '00', message = 'success') {
  return HttpResponse.json({ code, message, data })
}

export function failure(message: string, code: string | number = '500') {
  return HttpResponse.json({ code, message, data: null })
}

/** A refusal of what the caller sent: HTTP 400 with the API's envelope, so the client shows its message. */
export function badRequest(message: string) {
  return HttpResponse.json({ code: '400', message, data: null }, { status: 400 })
}

export const MALFORMED_FORM_MESSAGE =
  'The request body is not valid form data: send multipart/form-data with the boundary its Content-Type ' +
  'names, or a URL-encoded form.'

/**
 * The request body as form data. A body that is not the multipart (or URL-encoded form) its Content-Type says
 * (another boundary, none, truncated, JSON) is the caller's mistake, not the demo's: it throws a 400 in the
 * envelope, which MSW answers as the handler's response, so every handler answers it alike and none a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw badRequest(MALFORMED_FORM_MESSAGE)
  }
}

/** Reads a form-encoded (or multipart) request body into a plain record of strings (400 as readFormData). */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('multipart/form-data')) {
    const form = await readFormData(request)
    const out: Record<string, string> = {}
    form.forEach((value, key) => {
      out[key] = typeof value === 'string' ? value : `file:${(value as File).name}`
    })
    return out
  }
  return Object.fromEntries(new URLSearchParams(await request.text()))
}

/*
 * The demo is public (ADR 0027): what one visitor creates (complaints, payments, bindings, registrations) is
 * kept under that visitor alone, and every store is capped so that no visitor, or crowd of them, can grow the
 * server without bound.
 */

/** Visitors each demo store keeps; past it, the one that wrote least recently goes, with all it holds. */
export const MAX_DEMO_VISITORS = 500

/**
 * The cookie the demo API gives a caller whose calls carry no session (a browser that opened the demo without
 * the app): shared/config/demo-api.ts sets it on the first answer, so each such browser is a visitor too.
 */
export const VISITOR_COOKIE = 'demo-visitor'

const VISITOR_COOKIE_VALUE = /^[A-Za-z0-9-]{1,64}$/

/** The visitor cookie's value in a Cookie header; null when it has none the demo could have given. */
export function visitorCookie(header: string | null | undefined): string | null {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at < 0 || pair.slice(0, at).trim() !== VISITOR_COOKIE) continue
    const value = pair.slice(at + 1).trim()
    // A value the demo never gave is skipped: the one the demo gives in its place follows it.
    if (VISITOR_COOKIE_VALUE.test(value)) return value
  }
  return null
}

/**
 * Who is calling, for the demo stores: the session's `sessionId` (the native app's session of its borrower),
 * else its `deviceId` (a session without an id), else the visitor cookie. Only the query is read,
 * never the body: a promotion call carries its captcha sid as deviceId in its body. Every caller with none
 * of them (a test's bare request) is one visitor, 'anonymous'.
 */
export function visitorKey(request: Request): string {
  const query = new URL(request.url).searchParams
  const sessionId = query.get('sessionId')?.trim()
  if (sessionId) return `session:${sessionId}`
  const deviceId = query.get('deviceId')?.trim()
  if (deviceId) return `device:${deviceId}`
  const cookie = visitorCookie(request.headers.get('cookie'))
  return cookie ? `cookie:${cookie}` : 'anonymous'
}

export interface StoreLimits {
  /** Records kept per key: past it, that key's oldest goes. */
  perKey: number
  /** Keys kept: past it, the key that wrote least recently goes, with all its records. */
  keys: number
  /** Records kept in all, when each is large (a picture): past it, the least recent writer's oldest goes. */
  total?: number
}

export interface CappedStore<T> {
  add(key: string, record: T): void
  /** The key's records, oldest first (none for a key it does not hold: reading keeps nothing). */
  list(key: string): readonly T[]
  /** Every key's records, the least recent writer's first: for tests and for look-ups by a secret name. */
  all(): T[]
  keyCount(): number
  clear(): void
}

/**
 * Records kept apart by key (a visitor, a captcha sid) within `limits`. Writing moves a key to the newest, so
 * a visitor still using the demo keeps their data while the ones who left are the first to go.
 */
export function createCappedStore<T>(limits: StoreLimits): CappedStore<T> {
  // A Map iterates in insertion order: a key re-inserted on each write keeps the least recent writer first.
  const byKey = new Map<string, T[]>()
  let total = 0
  const dropKey = (key: string) => {
    total -= byKey.get(key)?.length ?? 0
    byKey.delete(key)
  }
  return {
    add(key, record) {
      const records = byKey.get(key) ?? []
      byKey.delete(key)
      byKey.set(key, records)
      records.push(record)
      total += 1
      if (records.length > limits.perKey) total -= records.splice(0, records.length - limits.perKey).length
      while (byKey.size > limits.keys) dropKey(byKey.keys().next().value!)
      while (limits.total !== undefined && total > limits.total) {
        const [oldest, kept] = byKey.entries().next().value!
        kept.shift()
        total -= 1
        if (kept.length === 0) byKey.delete(oldest)
      }
    },
    list: (key) => byKey.get(key) ?? [],
    all: () => [...byKey.values()].flat(),
    keyCount: () => byKey.size,
    clear() {
      byKey.clear()
      total = 0
    },
  }
}

/**
 * The demo's second origin for the answer to `request`, as a real backend's logos and documents come from
 * hosts of their own: the other loopback name (a page on 127.0.0.1 gets localhost, and the other way round),
 * on the same port, so what the demo serves there really crosses origins and the CSP must allow it (ADR 0022,
 * ADR 0034). On any other host (a demo served under its own name) there is no second name: the page's own.
 */
export function demoSecondOrigin(request: Request): string {
  const url = new URL(request.url)
  const other =
    url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : url.hostname
  const port = url.port ? `:${url.port}` : ''
  return `${url.protocol}//${other}${port}`
}

/** A demo picture on the demo's second origin (`demoSecondOrigin`), as a backend's logos on an image CDN. */
export function demoPictureUrl(request: Request, name: string, colour = '#4f6d8f'): string {
  const query = new URLSearchParams({ label: name, colour }).toString()
  return `${demoSecondOrigin(request)}/utilities/demo-pictures/${encodeURIComponent(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}.svg?${query}`
}

/** Serves the pictures `demoPictureUrl` names: a labelled, coloured SVG (label and colour are escaped). */
export const demoPictures = http.get('*/utilities/demo-pictures/:name', ({ request }) => {
  const query = new URL(request.url).searchParams
  const label = (query.get('label') ?? 'Logo').slice(0, 24).replace(/[<>&"']/g, '')
  const colour = /^#[0-9a-f]{3,8}$/i.test(query.get('colour') ?? '') ? query.get('colour')! : '#4f6d8f'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<rect width="120" height="120" rx="16" fill="${colour}"/>` +
    `<text x="60" y="64" fill="#ffffff" font-family="sans-serif" font-size="15" text-anchor="middle">${label}</text></svg>`
  return new HttpResponse(svg, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' },
  })
})

/** A demo session whose API stalls: its `sessionId` starts with this (`slow-api-1`, `slow-api-me`). */
export const SLOW_SESSION_PREFIX = 'slow-api'

/** How long the demo API keeps such a session's every call waiting: past the render budget (300 ms; 1.5 s in e2e). */
export const SLOW_API_MS = 2500

/**
 * The demo API as a stalled backend is for one borrower: every call of a session whose id starts with
 * SLOW_SESSION_PREFIX waits SLOW_API_MS, then the handlers after this one answer it as any other (a resolver
 * that returns nothing passes the call on). Listed first in the demo server's handlers: the render service
 * (ADR 0054) then sends that borrower the static page at its budget, and the screen's own call gets the answer.
 */
export const slowSessions = http.all('*', async ({ request }) => {
  const sessionId = new URL(request.url).searchParams.get('sessionId') ?? ''
  if (sessionId.startsWith(SLOW_SESSION_PREFIX)) await delay(SLOW_API_MS)
})

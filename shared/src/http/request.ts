/**
 * How a call is put on the wire: its URL (API base, session query, parameters), its form body and its
 * headers. The request helper and the early first call (first-call.ts) both build calls here, so a call the
 * page started early is byte for byte the call the helper would make.
 */

export type FormValue = string | number | boolean | null | undefined
export type FormBody = Record<string, FormValue>

export interface Endpoint {
  /** `/utilities` or an absolute API base. */
  baseURL: string
  /** The page origin (the only origin besides the API's that receives the session query). */
  appOrigin: string
}

/** What came back for a call: its HTTP status and body text (parsed by the helper). */
export interface RawResponse {
  status: number
  text: string
}

/** Headers every call sends. */
export const CALL_HEADERS: Readonly<Record<string, string>> = { 'X-Requested-With': 'XMLHttpRequest' }

/**
 * A form body: `undefined` fields are left out, `null` is sent empty. A value that is no form value (a
 * symbol, a function, an object, a number that is not finite) throws rather than reaching the server as
 * `Symbol(x)`, `[object Object]` or `NaN`; the helper turns that into a failed call that was never sent.
 */
export function toForm(body: FormBody | undefined): URLSearchParams {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(body ?? {})) {
    if (value === undefined) continue
    const kind = typeof value
    const plain =
      value === null ||
      kind === 'string' ||
      kind === 'boolean' ||
      (kind === 'number' && Number.isFinite(value))
    if (!plain) throw new TypeError(`the field ${JSON.stringify(key)} is a ${kind}, not a form value`)
    form.append(key, value === null ? '' : String(value))
  }
  return form
}

/**
 * An address on the API's origin outside its base (DESIGN.md §3: the legacy repayment calls): `path` from the
 * origin of `apiBase`, itself read against the app's origin. A screen's call and the page's first call of it
 * both build it here, so they are the same call.
 */
export function apiOriginUrl(apiBase: string, appOrigin: string, path: string): string {
  return new URL(path, new URL(apiBase, appOrigin)).href
}

/**
 * The URL of a call to `path` (relative to the API base, or absolute): the session `query` goes only to the
 * app's and the API's origins; `params` (a GET's parameters) go everywhere and win over the session.
 */
export function callUrl(
  endpoint: Endpoint,
  path: string,
  query: () => Record<string, string>,
  params?: FormBody,
): URL {
  const apiBase = new URL(endpoint.baseURL, endpoint.appOrigin)
  let url: URL
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) url = new URL(path)
  else {
    const base = apiBase.href.replace(/\/+$/, '')
    url = new URL(base + (path.startsWith('/') ? path : `/${path}`))
  }
  const trusted = url.origin === new URL(endpoint.appOrigin).origin || url.origin === apiBase.origin
  const all = { ...(trusted ? query() : {}), ...Object.fromEntries(toForm(params)) }
  for (const [key, value] of Object.entries(all)) url.searchParams.set(key, value)
  return url
}

/** Identifies a call by everything the server sees of it (method, URL with its query, form body). */
export function callKey(method: 'GET' | 'POST', url: URL, body?: URLSearchParams): string {
  return `${method} ${url.href}${body ? `\n${body.toString()}` : ''}`
}

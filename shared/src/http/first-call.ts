import { callQuery, type GlobalKey, type SessionSnapshot } from '../session/session'
import type { RoutePath } from '../routes/route-table'
import { responseResult } from './result'
import {
  apiOriginUrl,
  CALL_HEADERS,
  callKey,
  callUrl,
  toForm,
  type Endpoint,
  type FormBody,
  type RawResponse,
} from './request'

export { CALL_HEADERS, type Endpoint, type RawResponse } from './request'

/**
 * A screen's first calls, started by the page itself.
 *
 * A screen whose largest element is the server's data (a list, a detail) can only paint it after document →
 * JS → call → answer. A remote declares, per route, the reads its screen makes as it mounts (`FirstCalls`,
 * published with its build as `first-calls.json`); the server writes the route's calls into the page with a
 * small inline script (built from first-call-boot.ts), which sends them while the JS downloads. When the
 * screen then makes the same call (same method, URL, session query and body), the request helper takes the
 * answer already on its way instead of sending it again. Only reads belong here: a money call is never
 * started by the page.
 */

/**
 * A value in a first call's body (POST) or parameters (GET): fixed, or read from the page's address or the
 * session's global parameters (as a screen reads its route query or `session.globals`). Nothing found leaves
 * the field out, as the helper does with `undefined`; with `required`, the call is not started at all (the
 * screen would not make it either).
 */
export type FirstCallValue =
  string | number | { query: string; required?: boolean } | { global: GlobalKey; required?: boolean }

export interface FirstCall {
  method: 'GET' | 'POST'
  /** As the screen passes it to the helper (relative to the API base; with `onApiOrigin`, to its origin). */
  path: string
  /**
   * The call lives on the API's origin outside its base (DESIGN.md §3: the legacy repayment calls under
   * `/api/v1/h5/service/loan`), and the screen passes the helper that absolute address.
   */
  onApiOrigin?: true
  body?: Record<string, FirstCallValue>
  /** An image the screen shows from this call's answer, fetched as soon as the answer comes. */
  image?: FirstImage
}

/**
 * An image whose address carries a value from a first call's answer (the picture captcha of a sid): the page
 * preloads it the moment the answer comes instead of when the screen has mounted, one round trip earlier.
 * `path` is relative to the API base, as the screen's `<img>` address is (`imageUrl`); `param` carries
 * `data[from]` of the answer (a non-empty string), and `stamp`, when named, the time (a new image each time).
 * The screen shows the same address by asking `firstImageStamp`.
 */
export interface FirstImage {
  path: string
  from: string
  param: string
  stamp?: string
}

/**
 * Per app route (a path of the route table, so a misspelt route does not compile), the calls its screen
 * makes as it mounts.
 */
export type FirstCalls = Partial<Record<RoutePath, FirstCall[]>>

/** The file next to a remote build's `mf-manifest.json` that lists its routes' first calls. */
export const FIRST_CALLS_FILE = 'first-calls.json'

/** The shell build's inline script that sends them (shared/config/vite-first-call.ts). */
export const FIRST_CALL_SCRIPT = 'first-call.js'

/** An answer started by the page is only taken this soon after: later, a screen asks again. */
export const FIRST_CALL_TTL_MS = 30_000

/** Where the page keeps the calls it started, for the request helper. */
const SLOT = '__loanFirstCalls'
/**
 * Marks the preload links of the images the page preloaded from answers (`data-first-image`: its path), and
 * the screen's `<img>` that shows such an image (its slot in the first frame, which the page fills).
 */
export const FIRST_IMAGE_ATTR = 'data-first-image'
const IMAGE_ATTR = FIRST_IMAGE_ATTR

interface Started {
  key: string
  at: number
  response: Promise<RawResponse | null>
}

type WithSlot = Window & { [SLOT]?: Started[] }

/**
 * An image's address (the browser fetches it, not the request helper, so it carries no session query):
 * `path` relative to the API base, then `params`. The page's preload and the screen's `<img>` both build it
 * here, so they are the same address.
 */
export function imageUrl(endpoint: Endpoint, path: string, params: FormBody): string {
  return callUrl(endpoint, path, () => ({}), params).href
}

/**
 * Preloads `image` from the answer `response` when the helper would call it a success carrying the value: a
 * `<link rel=preload>` in the head, which also tells the screen (`firstImageStamp`) which address it has.
 */
function preloadImage(doc: Document, endpoint: Endpoint, image: FirstImage, response: RawResponse | null) {
  if (!response) return
  const { success, data } = responseResult<Record<string, unknown>>(response)
  const value = success && data && typeof data === 'object' ? data[image.from] : undefined
  if (typeof value !== 'string' || !value) return
  const stamp = Date.now()
  const href = imageUrl(endpoint, image.path, {
    [image.param]: value,
    ...(image.stamp ? { [image.stamp]: stamp } : {}),
  })
  const link = doc.createElement('link')
  link.setAttribute('rel', 'preload')
  link.setAttribute('as', 'image')
  link.href = href
  link.setAttribute(IMAGE_ATTR, image.path)
  link.dataset.value = value
  link.dataset.stamp = String(stamp)
  doc.head.append(link)
  // The screen's slot for it in the first frame paints the picture before the JS has arrived.
  const fill = () => fillImageSlots(doc, image.path, href)
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', fill, { once: true })
  else fill()
}

/**
 * Gives the page's image slots for `path` the preloaded address and shows them. A slot is an
 * `<img data-first-image=path hidden>` without an address: the first frame renders it so before the answer.
 * The screen, once hydrated, shows that same address (`firstImageStamp`), so React changes nothing of it and
 * the browser fetches the picture once.
 */
function fillImageSlots(doc: Document, path: string, href: string) {
  for (const img of doc.querySelectorAll<HTMLImageElement>(`img[${IMAGE_ATTR}]`)) {
    if (img.getAttribute(IMAGE_ATTR) !== path || img.hasAttribute('src')) continue
    img.setAttribute('src', href)
    img.removeAttribute('hidden')
  }
}

/**
 * The stamp of the image at `path` the page preloaded for `value` (the sid), or null when it preloaded none:
 * a screen that shows that image with this stamp gets the one already on its way.
 */
export function firstImageStamp(doc: Document, path: string, value: string): number | null {
  for (const link of doc.head.querySelectorAll<HTMLLinkElement>(`link[${IMAGE_ATTR}]`)) {
    if (link.getAttribute(IMAGE_ATTR) !== path || link.dataset.value !== value) continue
    const stamp = Number(link.dataset.stamp)
    if (Number.isSafeInteger(stamp)) return stamp
  }
  return null
}

/** The call's body or parameters on this page; null when a required value is missing. */
function resolveBody(
  values: FirstCall['body'],
  page: URLSearchParams,
  snapshot: SessionSnapshot,
): FormBody | undefined | null {
  if (!values) return undefined
  const body: FormBody = {}
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'object') body[name] = value
    else {
      const found = ('query' in value ? page.get(value.query) : snapshot.globals[value.global]) || undefined
      if (found === undefined && value.required) return null
      body[name] = found
    }
  }
  return body
}

/** A first call as it goes on the wire: the request helper's key for it, its URL and its form body. */
export interface BuiltCall {
  method: FirstCall['method']
  url: URL
  body: URLSearchParams | undefined
  key: string
}

/**
 * The call `call` is on a page at an address with the query `page` and the session `snapshot`: the screen's
 * own call, byte for byte (its key is the request helper's). Null when a required value is missing (the
 * screen makes no such call) or the call cannot be built (a mistyped API base, an opaque origin: the screen's
 * request helper says so). The page's script builds its calls here, and so does a server that renders the
 * screen with the borrower's data (ADR 0054).
 */
export function buildFirstCall(
  call: FirstCall,
  endpoint: Endpoint,
  page: URLSearchParams,
  snapshot: SessionSnapshot,
): BuiltCall | null {
  const values = resolveBody(call.body, page, snapshot)
  if (values === null) return null
  try {
    const url = callUrl(
      endpoint,
      call.onApiOrigin ? apiOriginUrl(endpoint.baseURL, endpoint.appOrigin, call.path) : call.path,
      () => callQuery(snapshot),
      call.method === 'GET' ? values : undefined,
    )
    const body = call.method === 'POST' ? toForm(values) : undefined
    return { method: call.method, url, body, key: callKey(call.method, url, body) }
  } catch {
    return null
  }
}

/**
 * Sends `calls` now (the inline script does this while the page's JS downloads) and keeps their answers for
 * the request helper; returns the keys of the calls it sent. A call that fails on the network is simply sent
 * again by the screen.
 */
export function startFirstCalls(
  win: Window,
  calls: FirstCall[],
  endpoint: Endpoint,
  snapshot: SessionSnapshot,
): string[] {
  const page = new URL(win.location.href).searchParams
  const started: Started[] = ((win as WithSlot)[SLOT] ??= [])
  return calls.flatMap((call) => {
    const built = buildFirstCall(call, endpoint, page, snapshot)
    if (!built) return []
    const { url, body, key } = built
    const response = win
      .fetch(url.href, { method: call.method, headers: { ...CALL_HEADERS }, body })
      .then(async (r) => ({ status: r.status, text: await r.text() }))
      .catch(() => null)
    const { image } = call
    if (image) response.then((r) => preloadImage(win.document, endpoint, image, r)).catch(() => undefined)
    started.push({ key, at: win.performance.now(), response })
    return [key]
  })
}

/** Drops the calls the page started that nobody took (the borrower has left the screen they were for). */
export function forgetFirstCalls(win: Window): void {
  delete (win as WithSlot)[SLOT]
}

/**
 * The answer to the call `key` if the page started it (less than FIRST_CALL_TTL_MS ago) and nobody took it
 * yet; it is handed out once. Resolves null when that call failed on the network (send it again).
 */
export function takeFirstCall(win: Window, key: string): Promise<RawResponse | null> | null {
  const started = (win as WithSlot)[SLOT]
  const index = started?.findIndex((s) => s.key === key) ?? -1
  if (!started || index < 0) return null
  const [call] = started.splice(index, 1)
  return win.performance.now() - call.at <= FIRST_CALL_TTL_MS ? call.response : null
}

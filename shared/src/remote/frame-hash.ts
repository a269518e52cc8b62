/**
 * First frames on hash routes (issue #42, item 3; ADR 0049). A page is written once per path, so its first
 * frame is the screen rendered with no hash: on `/promotion#/downloadTemplate` it was the landing, which the
 * remote then hydrated as the download page (React #418, the whole screen rendered afresh after a flash of the
 * wrong one). Each frame now carries the hash routes its remote checked it for (`FRAME_HASHES_ATTR`); a tiny
 * inline script puts the address's hash route on `<html>` before the first paint (`frameHashSource`), the page's
 * own rule (`frameHashStyle`) hides a frame that is not for it, and the host never hands such a frame to the
 * remote (`frameFitsHash`): the screen renders afresh from nothing, without a mismatch.
 */

/** On a first frame's element: the hash routes (JSON array) its remote rendered the same screen for. */
export const FRAME_HASHES_ATTR = 'data-frame-hashes'

/** On `<html>`: the address's hash route, kept by the inline script from before the first paint. */
export const HASH_ROUTE_ATTR = 'data-hash-route'

/**
 * The hash's route part, as a frame's hashes name it: no `#`, no query after it (old ad links carry their
 * parameters there: `#/registerTemplate?id=7`).
 */
export const hashRoute = (hash: string): string => hash.replace(/^#/, '').split('?', 1)[0] ?? ''

/** A hash route a frame may be declared for: plain enough to be written into a CSS string as it is. */
export const PLAIN_HASH_ROUTE = /^[\w/.-]*$/

/**
 * Whether the frame was rendered for the address's hash (`hash` as a remote's props carry it, or
 * `location.hash`). A frame without the attribute was written by a release before this rule: as before, it is
 * taken for every hash.
 */
export function frameFitsHash(frame: Element, hash: string): boolean {
  const declared = frame.getAttribute(FRAME_HASHES_ATTR)
  if (declared === null) return true
  try {
    const hashes: unknown = JSON.parse(declared)
    return Array.isArray(hashes) && hashes.includes(hashRoute(hash))
  } catch {
    return false
  }
}

/**
 * The inline script's source (ES5, in every page before the first paint; its hash is in every page's CSP
 * through deploy's `pageScriptHashes`): the address's hash route on `<html>`, now and on every hash change, so
 * that a frame tapped away from (a link to another hash route) hides at once.
 */
export function frameHashSource(): string {
  return `(function(w,d){function s(){d.documentElement.setAttribute(${JSON.stringify(HASH_ROUTE_ATTR)},w.location.hash.replace(/^#/,'').split('?')[0])}s();w.addEventListener('hashchange',s)})(window,document);`
}

/**
 * The page's rule that hides its frame on any hash route other than `hashes` (each plain: `PLAIN_HASH_ROUTE`).
 * Without the script (no JavaScript) the attribute is never set and the frame shows, as the only screen there is.
 */
export function frameHashStyle(hashes: readonly string[]): string {
  const others = hashes.map((hash) => `:not([${HASH_ROUTE_ATTR}="${hash}"])`).join('')
  return `html[${HASH_ROUTE_ATTR}]${others} [${FRAME_HASHES_ATTR}]{display:none!important}`
}

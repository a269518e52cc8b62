import { existsSync, statSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { relative, resolve, sep } from 'node:path'
import { resolveInside } from '../paths'

/** What a request names, as the Node server reads it (nginx.conf's locations do the same). */

/**
 * `rel` (a URL path, still percent-encoded) as a file inside `root`, or null when it is not one, escapes
 * `root`, or has a dot segment: `.vite/` (build metadata), a release copy in progress, `..`.
 */
export function fileIn(root: string, rel: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(rel)
  } catch {
    return null
  }
  if (decoded.split('/').some((part) => part.startsWith('.'))) return null
  const full = resolveInside(root, decoded)
  return full && existsSync(full) && statSync(full).isFile() ? full : null
}

/** Module Federation's build statistics and their compressed copies: for build tools, not for browsers. */
export const isBuildStats = (file: string) =>
  /^mf-stats\.json(\.br|\.gz)?$/.test(file.split(sep).at(-1) ?? '')

/**
 * A CDN file a browser may fetch: one inside a version folder (`<remote>/<version>/…`), never a file at the
 * CDN root (the registry, served only at /registry.json, and its temp files) or the build's stats.
 */
export function cdnFile(cdnDir: string, rel: string): string | null {
  const file = fileIn(cdnDir, rel)
  if (!file) return null
  const parts = relative(resolve(cdnDir), file).split(sep)
  return parts.length >= 3 && !isBuildStats(file) ? file : null
}

/**
 * The path and query of a request target. Only the origin form (`/path?query`) and the absolute form
 * (`http://host/path`) are requests for this server, and a path whose escapes do not decode is none (nginx
 * answers 400 too). Repeated slashes in a path are merged, as nginx's `merge_slashes` does, so a deep link
 * such as `//complaint?sessionId=…` gets the same page from both servers (the shell then cleans the address);
 * a target of slashes only names nothing and is refused (nginx.conf does the same).
 */
export function requestPath(target: string): URL | null {
  try {
    if (/^\/\/+(?:[?#]|$)/.test(target)) return null
    const url = target.startsWith('/')
      ? new URL(
          target.replace(/^[^?#]*/, (path) => path.replace(/\/{2,}/g, '/')),
          'http://localhost',
        )
      : new URL(target)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    decodeURIComponent(url.pathname)
    return url
  } catch {
    return null
  }
}

/** The origin the demo API sees, from the Host header (and the scheme); null when it is no host. */
export function requestOrigin(host = 'localhost', scheme: 'http' | 'https' = 'http'): string | null {
  // `a/b`, `a?b`, `u@a` would parse as a host followed by something else.
  if (/[/?#@\\]/.test(host)) return null
  try {
    return new URL(`${scheme}://${host}`).origin
  } catch {
    return null
  }
}

/** Whether a request came from this machine: our own nginx in front of this server, or a local client. */
export function fromLoopback(req: IncomingMessage): boolean {
  const socket = req.socket.remoteAddress ?? ''
  return socket === '127.0.0.1' || socket === '::1' || socket === '::ffff:127.0.0.1'
}

/**
 * The origin the browser asked for: through our nginx, its `X-Forwarded-Host` (nginx's `Host` drops the port,
 * so the demo's second-origin links would name port 80) and, where nginx sends it, `X-Forwarded-Proto` (a
 * page rendered with the borrower's data decides what it shows at the page's own address), trusted only from
 * this machine; else the `Host`, over http.
 */
export function askedOrigin(req: IncomingMessage): string | null {
  const forwarded = req.headers['x-forwarded-host']
  const scheme = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'
  const asked = fromLoopback(req) && typeof forwarded === 'string' ? requestOrigin(forwarded, scheme) : null
  return asked ?? requestOrigin(req.headers.host)
}

import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, relative, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { handleApi, isApiPath } from 'shared/config/demo-api'
import { demoHandlers } from './demo-handlers'
import { CDN_DIR, REGISTRY_FILE, REMOTES_URL, resolveInside, SHELL_DIST } from './paths'
import { securityHeaders } from './security-headers'
import { readPageRegistry } from './registry-file'
import { firstCallScript, pageFileName, pageScriptHashes, renderPage } from './route-pages'
import { standaloneHtml, standaloneRemote } from './standalone'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

export const NO_CACHE = 'no-cache'
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * How long a connection may take; a client that stalls is answered 408 (or dropped) and its socket freed.
 * Checked every `checkIntervalMs`, so a timeout fires up to that much late.
 */
export interface ServerTimeouts {
  /** From the connection (or the previous request) to the end of the request's headers. */
  headersMs: number
  /** From the connection to the end of the request body: a 3 MB upload on a slow phone link fits. */
  requestMs: number
  /** An idle kept-alive connection. */
  keepAliveMs: number
  /** A connection with no traffic either way (a client that stops reading its answer). */
  idleMs: number
  checkIntervalMs: number
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
  idleMs: 120_000,
  checkIntervalMs: 5_000,
}

/** nginx's default (`large_client_header_buffers 4 8k`): a longer request line is a 414 there too. */
export const MAX_URL_LENGTH = 8192

export interface ServerOptions {
  shellDir?: string
  cdnDir?: string
  registryFile?: string
  settings?: Record<string, unknown>
  apiOrigin?: string | null
  /** Preload the route remote's chain (default); the monolithic benchmark build has no remotes. */
  remoteChain?: boolean
  /**
   * The route pages the release step wrote (`writeRoutePages`), served as nginx serves them; a path without
   * one is rendered on request. None: every page is rendered on request (a server over builds that were
   * never released, such as the benchmark's monolith).
   */
  pagesDir?: string | null
  timeouts?: Partial<ServerTimeouts>
}

/**
 * `rel` (a URL path, still percent-encoded) as a file inside `root`, or null when it is not one, escapes
 * `root`, or has a dot segment: `.vite/` (build metadata), a release copy in progress, `..`.
 */
function fileIn(root: string, rel: string): string | null {
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

/** Module Federation's build statistics: for build tools, not for browsers. */
const STATS_FILE = 'mf-stats.json'

/**
 * A CDN file a browser may fetch: one inside a version folder (`<remote>/<version>/…`), never a file at the
 * CDN root (the registry, served only at /registry.json, and its temp files) or the build's stats.
 */
function cdnFile(cdnDir: string, rel: string): string | null {
  const file = fileIn(cdnDir, rel)
  if (!file) return null
  const parts = relative(resolve(cdnDir), file).split(sep)
  return parts.length >= 3 && parts.at(-1) !== STATS_FILE ? file : null
}

/**
 * The path and query of a request target. Only the origin form (`/path?query`) and the absolute form
 * (`http://host/path`) are requests for this server, and a path whose escapes do not decode is none (nginx
 * answers 400 too). Repeated slashes in a path are merged, as nginx's `merge_slashes` does, so a deep link
 * such as `//complaint?sessionId=…` gets the same page from both servers (the shell then cleans the address);
 * a target of slashes only names nothing and is refused (nginx.conf does the same).
 */
function requestPath(target: string): URL | null {
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

/** The origin the demo API sees, from the Host header; null when it is no host. */
function requestOrigin(host = 'localhost'): string | null {
  // `a/b`, `a?b`, `u@a` would parse as a host followed by something else.
  if (/[/?#@\\]/.test(host)) return null
  try {
    return new URL(`http://${host}`).origin
  } catch {
    return null
  }
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer) {
  res.writeHead(status, headers)
  res.end(body)
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map'])

/** Compressed bodies keyed by path and modification time (released files never change; dev builds do). */
function compressed(cache: Map<string, Buffer>, file: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${file}:${statSync(file).mtimeMs}`
  let body = cache.get(key)
  if (!body) {
    const raw = readFileSync(file)
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(raw, { level: 9 })
    cache.set(key, body)
  }
  return body
}

function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  headers: Record<string, string>,
  cache: Map<string, Buffer>,
) {
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  const accept = String(req.headers['accept-encoding'] ?? '')
  const encoding = !COMPRESSIBLE.has(extname(file))
    ? null
    : /\bbr\b/.test(accept)
      ? 'br'
      : /\bgzip\b/.test(accept)
        ? 'gzip'
        : null
  if (encoding) {
    const body = compressed(cache, file, encoding)
    res.writeHead(200, {
      ...headers,
      'Content-Type': type,
      'Content-Encoding': encoding,
      'Content-Length': String(body.length),
      Vary: 'Accept-Encoding',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
    return
  }
  res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': String(statSync(file).size) })
  if (req.method === 'HEAD') res.end()
  else {
    // A file that goes away mid-read (a rebuild) or a client that leaves ends this response, not the process.
    pipeline(createReadStream(file), res, (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error('[server]', file, error.message)
    })
  }
}

/**
 * One origin for the whole product: the shell (history fallback for app routes), the versioned CDN at
 * /remotes, the registry and the demo API. Caching and security headers match deploy/nginx.conf. No
 * request can stop it: a malformed one is a 4xx, a failing one a 500, a slow one times out.
 */
export function createAppServer(options: ServerOptions = {}): Server {
  const shellDir = options.shellDir ?? SHELL_DIST
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const imageHosts = Array.isArray(options.settings?.imageHosts)
    ? options.settings.imageHosts.filter((h): h is string => typeof h === 'string')
    : []
  const loopbackPictures = options.settings?.loopbackPictures === true
  const security = securityHeaders({ apiOrigin: options.apiOrigin, imageHosts, loopbackPictures })
  const compressedCache = new Map<string, Buffer>()
  const pageSecurity = () =>
    securityHeaders({
      apiOrigin: options.apiOrigin,
      imageHosts,
      loopbackPictures,
      scriptHashes: pageScriptHashes(shellDir),
    })
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
  const text = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
    send(
      res,
      status,
      { ...security, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE, ...headers },
      body,
    )

  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    console.error('[server]', req.method, req.url, error)
    if (!res.headersSent) text(res, 500, 'Server error')
    else res.destroy()
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/'
    if (target.length > MAX_URL_LENGTH) return text(res, 414, 'URI too long')
    const url = requestPath(target)
    const origin = requestOrigin(req.headers.host)
    if (!url || !origin) return text(res, 400, 'Bad request')
    const path = url.pathname
    const notFound = () => text(res, 404, 'Not found')
    if (isApiPath(path)) {
      handleApi(req, res, origin, demoHandlers).catch((error: unknown) => fail(req, res, error))
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return text(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
    }
    if (path === '/registry.json') {
      if (!existsSync(registryFile)) return notFound()
      sendFile(req, res, registryFile, { ...security, 'Cache-Control': NO_CACHE }, compressedCache)
      return
    }
    if (path.startsWith(`${REMOTES_URL}/`)) {
      const file = cdnFile(cdnDir, path.slice(REMOTES_URL.length + 1))
      if (!file) return notFound()
      // Versioned folders never change; the manifest is immutable too (a new release is a new folder).
      sendFile(
        req,
        res,
        file,
        { ...security, 'Cache-Control': IMMUTABLE, 'Access-Control-Allow-Origin': '*' },
        compressedCache,
      )
      return
    }
    const asset = path !== '/' && path !== '/index.html' ? fileIn(shellDir, path.slice(1)) : null
    if (asset) {
      const hashed = path.startsWith('/assets/') || /-[\w-]{8,}\.js$/.test(path)
      sendFile(
        req,
        res,
        asset,
        { ...security, 'Cache-Control': hashed ? IMMUTABLE : NO_CACHE },
        compressedCache,
      )
      return
    }
    // A missing file is a 404, never the app: only extension-less paths are app routes.
    if (/\.[a-z0-9]+$/i.test(path)) return notFound()
    const headers = { ...pageSecurity(), 'Cache-Control': NO_CACHE }
    const written = options.pagesDir ? fileIn(options.pagesDir, pageFileName(path)) : null
    if (written) return sendFile(req, res, written, headers, compressedCache)
    const standalone = standaloneRemote(path)
    if (standalone) {
      const page = standaloneHtml(
        standalone,
        readPageRegistry(registryFile),
        cdnDir,
        options.settings ?? {},
        firstCallScript(shellDir),
      )
      if (!page) return notFound()
      send(res, 200, { ...headers, 'Content-Type': TYPES['.html'] }, page)
      return
    }
    const html = renderPage(path, {
      shellDir,
      cdnDir,
      registryFile,
      settings: options.settings ?? {},
      remoteChain: options.remoteChain,
    })
    if (html === null) return text(res, 503, 'The shell is not built yet')
    send(res, 200, { ...headers, 'Content-Type': TYPES['.html'] }, html)
  }

  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    (req, res) => {
      try {
        handle(req, res)
      } catch (error) {
        fail(req, res, error)
      }
    },
  )
  server.keepAliveTimeout = timeouts.keepAliveMs
  server.timeout = timeouts.idleMs
  return server
}

/**
 * Keeps the process serving when an error escapes every request's own handling (an 'error' event nobody
 * listens to, a rejected promise nobody awaits): it is logged instead of ending the process, and with it
 * every other borrower's request. `pnpm start` installs it.
 */
export function guardProcess(): void {
  process.on('uncaughtException', (error) =>
    console.error('[server] uncaught exception (still serving):', error),
  )
  process.on('unhandledRejection', (reason) =>
    console.error('[server] unhandled rejection (still serving):', reason),
  )
}

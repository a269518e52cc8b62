import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, relative, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { handleApi, isApiPath } from 'shared/config/demo-api'
import { CspReportLog, receiveCspReport } from './csp-reports'
import { demoHandlers } from './demo-handlers'
import { CDN_DIR, REGISTRY_FILE, REMOTES_URL, resolveInside, SHELL_DIST } from './paths'
import { apiSecurityHeaders, CSP_REPORT_PATH, fileSecurityHeaders, securityHeaders } from './security-headers'
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
  /** Where the CSP violation reports posted to CSP_REPORT_PATH are kept (default: a log of its own). */
  cspReports?: CspReportLog
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

/** Module Federation's build statistics and their compressed copies: for build tools, not for browsers. */
const isBuildStats = (file: string) => /^mf-stats\.json(\.br|\.gz)?$/.test(file.split(sep).at(-1) ?? '')

/**
 * A CDN file a browser may fetch: one inside a version folder (`<remote>/<version>/…`), never a file at the
 * CDN root (the registry, served only at /registry.json, and its temp files) or the build's stats.
 */
function cdnFile(cdnDir: string, rel: string): string | null {
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

type Encoding = 'br' | 'gzip'

/** The copy the release writes beside a file in each encoding (ADR 0019, deploy/src/precompress.ts). */
const COPY_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/**
 * The encoding to send for an `Accept-Encoding` header, as nginx's brotli_static and gzip_static choose:
 * brotli when it is listed with a q above 0, else gzip the same way, else none. Names are case-insensitive;
 * `*` and other codings are not taken (the plain body is always acceptable unless `identity;q=0`, which
 * neither server honours).
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>()
  for (const item of String(header ?? '').split(',')) {
    const [name, ...params] = item.split(';').map((part) => part.trim().toLowerCase())
    const q = params.map((param) => /^q=([0-9.]+)$/.exec(param)?.[1]).find((value) => value !== undefined)
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name)
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
}

/** The release's compressed copy of `file`, when there is one at least as new as the file. */
function copyOf(file: string, encoding: Encoding): { path: string; size: number } | null {
  const path = file + COPY_SUFFIX[encoding]
  try {
    const copy = statSync(path)
    return copy.isFile() && copy.mtimeMs >= statSync(file).mtimeMs ? { path, size: copy.size } : null
  } catch {
    return null
  }
}

/** Compressed bodies of files without copies (the registry, a dev build): at most this many bytes kept. */
const COMPRESSED_CACHE_BYTES = 32 * 1024 * 1024

interface CompressedCache {
  bodies: Map<string, Buffer>
  bytes: number
}

/**
 * A file without a copy compressed here, once per modification time (the registry changes at every release:
 * the oldest bodies are dropped past COMPRESSED_CACHE_BYTES).
 */
function compressed(cache: CompressedCache, file: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}:${statSync(file).mtimeMs}`
  let body = cache.bodies.get(key)
  if (!body) {
    const raw = readFileSync(file)
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(raw, { level: 9 })
    cache.bodies.set(key, body)
    cache.bytes += body.length
    for (const [old, oldBody] of cache.bodies) {
      if (cache.bytes <= COMPRESSED_CACHE_BYTES) break
      cache.bodies.delete(old)
      cache.bytes -= oldBody.length
    }
  }
  return body
}

/** Streams `file`; a file that goes away mid-read (a rebuild) or a client that leaves ends this answer only. */
function stream(res: ServerResponse, file: string) {
  pipeline(createReadStream(file), res, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error('[server]', file, error.message)
  })
}

/**
 * Sends `file` as nginx does: in the encoding the client accepts, from the release's compressed copy when
 * there is one, else compressed here once; `Vary: Accept-Encoding` on every text file.
 */
function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  headers: Record<string, string>,
  cache: CompressedCache,
) {
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  const text = COMPRESSIBLE.has(extname(file))
  const head = { ...headers, 'Content-Type': type, ...(text ? { Vary: 'Accept-Encoding' } : {}) }
  const encoding = text ? acceptedEncoding(req.headers['accept-encoding']) : null
  if (encoding) {
    const copy = copyOf(file, encoding)
    const body = copy ? null : compressed(cache, file, encoding)
    res.writeHead(200, {
      ...head,
      'Content-Encoding': encoding,
      'Content-Length': String(copy ? copy.size : body!.length),
    })
    if (req.method === 'HEAD') res.end()
    else if (copy) stream(res, copy.path)
    else res.end(body)
    return
  }
  res.writeHead(200, { ...head, 'Content-Length': String(statSync(file).size) })
  if (req.method === 'HEAD') res.end()
  else stream(res, file)
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
  // Files and error answers: a file's headers; documents: the page's (ADR 0025).
  const security = fileSecurityHeaders()
  const apiSecurity = apiSecurityHeaders()
  const cspReports = options.cspReports ?? new CspReportLog()
  const compressedCache: CompressedCache = { bodies: new Map(), bytes: 0 }
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
      // The handlers' answers are JSON: never sniffed into a document (nginx adds the same).
      for (const [name, value] of Object.entries(apiSecurity)) res.setHeader(name, value)
      handleApi(req, res, origin, demoHandlers).catch((error: unknown) => fail(req, res, error))
      return
    }
    if (path === CSP_REPORT_PATH) return receiveCspReport(req, res, cspReports, apiSecurity)
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
    const found = path !== '/' && path !== '/index.html' ? fileIn(shellDir, path.slice(1)) : null
    const asset = found && !isBuildStats(found) ? found : null
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

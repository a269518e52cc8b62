import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { handleApi, isApiPath } from 'shared/config/demo-api'
import { demoHandlers } from './demo-handlers'
import { CDN_DIR, REGISTRY_FILE, REMOTES_URL, SHELL_DIST } from './paths'
import { securityHeaders } from './security-headers'
import { FIRST_CALL_SCRIPT } from 'shared/http/first-call'
import { injectPreload, readInlineScript, routePreload } from './pages'
import { readRegistry } from './registry-file'
import { injectSettings } from './settings'

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

export interface ServerOptions {
  shellDir?: string
  cdnDir?: string
  registryFile?: string
  settings?: Record<string, unknown>
  apiOrigin?: string | null
  /** Preload the route remote's chain (default); the monolithic benchmark build has no remotes. */
  remoteChain?: boolean
}

/** Resolves `rel` inside `root`, or null when it escapes it or is not a file. */
function fileIn(root: string, rel: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(rel)
  } catch {
    return null
  }
  const full = normalize(join(root, decoded))
  if (full !== root && !full.startsWith(root + sep)) return null
  return existsSync(full) && statSync(full).isFile() ? full : null
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
  else createReadStream(file).pipe(res)
}

/**
 * One origin for the whole product: the shell (history fallback for app routes), the versioned CDN at
 * /remotes, the registry and the demo API. Caching and security headers match deploy/nginx.conf.
 */
export function createAppServer(options: ServerOptions = {}): Server {
  const shellDir = options.shellDir ?? SHELL_DIST
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const apiOrigin = options.apiOrigin ?? null
  const security = securityHeaders(apiOrigin)
  const indexFile = join(shellDir, 'index.html')
  const compressedCache = new Map<string, Buffer>()
  const indexHtml = () => injectSettings(readFileSync(indexFile, 'utf8'), options.settings ?? {})
  const firstCallFile = join(shellDir, FIRST_CALL_SCRIPT)

  return createServer((req, res) => {
    const origin = `http://${req.headers.host ?? 'localhost'}`
    const url = new URL(req.url ?? '/', origin)
    const path = url.pathname
    const notFound = () =>
      send(
        res,
        404,
        { ...security, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE },
        'Not found',
      )
    try {
      if (isApiPath(path)) {
        void handleApi(req, res, origin, demoHandlers).catch(() => send(res, 500, security, 'Demo API error'))
        return
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(res, 405, { ...security, Allow: 'GET, HEAD' }, 'Method not allowed')
        return
      }
      if (path === '/registry.json') {
        if (!existsSync(registryFile)) return notFound()
        sendFile(req, res, registryFile, { ...security, 'Cache-Control': NO_CACHE }, compressedCache)
        return
      }
      if (path.startsWith(`${REMOTES_URL}/`)) {
        const file = fileIn(cdnDir, path.slice(REMOTES_URL.length + 1))
        if (!file) return notFound()
        // Versioned folders never change; the manifest is immutable too (a new release is a new folder).
        sendFile(
          req,
          res,
          file,
          {
            ...security,
            'Cache-Control': IMMUTABLE,
            'Access-Control-Allow-Origin': '*',
          },
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
      if (!existsSync(indexFile)) {
        send(
          res,
          503,
          { ...security, 'Content-Type': 'text/plain; charset=utf-8' },
          'The shell is not built yet',
        )
        return
      }
      const html = indexHtml()
      const preload = routePreload(path, {
        registry: readRegistry(registryFile),
        cdnDir,
        shellDir,
        indexHtml: html,
        remoteChain: options.remoteChain,
      })
      const script = preload.firstCalls.length > 0 ? readInlineScript(firstCallFile) : null
      const page = injectPreload(html, preload, script)
      const csp = page.scriptHashes.length > 0 ? securityHeaders(apiOrigin, page.scriptHashes) : security
      send(res, 200, { ...csp, 'Content-Type': TYPES['.html'], 'Cache-Control': NO_CACHE }, page.html)
    } catch (error) {
      console.error('[server]', error)
      if (!res.headersSent) send(res, 500, security, 'Server error')
    }
  })
}

import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { handleApi, isApiPath } from 'shared/config/demo-api'
import { CspReportLog, receiveCspReport } from './csp-reports'
import { handleOps, OPS_PATH, type OpsOptions } from '../health/ops-page'
import {
  clientOf,
  HEALTH_REPORT_PATH,
  RateLimit,
  receiveHealthReport,
  type HealthCollector,
} from '../health/health-collector'
import { clientNetwork, pageLoadCookie } from '../health/page-load-token'
import { DEFAULT_SETTINGS } from 'shared/host/settings'
import { demoHandlers } from './demo-handlers'
import { CDN_DIR, REGISTRY_FILE, REMOTES_URL, SHELL_DIST } from '../paths'
import {
  apiSecurityHeaders,
  CSP_REPORT_PATH,
  fileSecurityHeaders,
  securityHeaders,
} from '../security-headers'
import { readPageRegistry } from '../registry-file'
import canarySide from '../nginx/canary-side.js'
import {
  canaryPagesDirOf,
  CRAWLER_FILES,
  firstCallScript,
  isPagePath,
  pageFileName,
  pageScriptHashes,
  renderPage,
  robotsHeaders,
} from '../pages/route-pages'
import { matchRoute } from 'shared/routes'
import { standaloneHtml, standaloneRemote } from '../pages/standalone'
import { PICTURE_CACHE, SHELL_PICTURES } from '../pages/page-head'
import { askedOrigin, cdnFile, fileIn, isBuildStats, requestPath } from './request-paths'
import { send, sendFile, TYPES, type CompressedCache, type Headers } from './send-file'
import { dataPagesOf, RENDERED_PAGES_PER_MINUTE, sendDataPage } from '../render/data-page'
import { pageSettings } from '../pages/first-frame'

export { acceptedEncoding } from './send-file'

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
  /**
   * Where pages' health reports posted to HEALTH_REPORT_PATH go (ADR 0033); none: that path is not found.
   * With it, every page carries its page-load token (ADR 0040), a cookie for the settings' health endpoint.
   */
  health?: HealthCollector | null
  /** The ops page under /ops (ADR 0033); none: /ops is an unknown path like any other. */
  ops?: OpsOptions | null
  /**
   * Data routes' written pages sent with the borrower's data (ADR 0054): their first calls made here, the
   * screen rendered with the answers, the static page past `budgetMs`. None: every page as written.
   */
  render?: RenderService | null
}

export interface RenderService {
  budgetMs: number
  /**
   * Pages each client may get rendered a minute (each costs API calls and a render); past it, its pages are
   * the static ones, never refused. Default RENDERED_PAGES_PER_MINUTE.
   */
  perMinute?: number
  /** Where the calls' API is reached from here (an origin); none: this server's own demo API. */
  apiUpstream?: string | null
}

/** The address a request came from, after those it came through (nginx's `$proxy_add_x_forwarded_for`). */
function forwardedFor(req: IncomingMessage): string {
  const before = req.headers['x-forwarded-for']
  const own = req.socket.remoteAddress ?? ''
  return typeof before === 'string' && before !== '' ? `${before}, ${own}` : own
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
  const frameHosts = Array.isArray(options.settings?.allowedHosts)
    ? options.settings.allowedHosts.filter((h): h is string => typeof h === 'string')
    : []
  const loopbackDocuments = options.settings?.loopbackDocuments === true
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
      frameHosts,
      loopbackDocuments,
      scriptHashes: pageScriptHashes(shellDir),
    })
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
  const dataPages = dataPagesOf(cdnDir)
  const renders = new RateLimit(options.render?.perMinute ?? RENDERED_PAGES_PER_MINUTE)
  /** The client a render counts against: through our nginx, the address it names (ADR 0040). */
  const renderClient = (req: IncomingMessage) =>
    options.health
      ? clientNetwork(clientOf(req, options.health.keys))
      : clientNetwork(req.socket.remoteAddress ?? '')
  const renderSettings = pageSettings(options.settings ?? {})
  /** The demo API is this server: its calls go to its own loopback address. */
  const ownApi = () => {
    const address = server.address()
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null
  }
  const healthEndpoint =
    typeof options.settings?.healthEndpoint === 'string'
      ? options.settings.healthEndpoint
      : DEFAULT_SETTINGS.healthEndpoint
  const secure = (req: IncomingMessage) => 'encrypted' in req.socket && req.socket.encrypted === true
  /** A page's page-load token (ADR 0040): reports of the load it starts count; none without a collector. */
  const pageLoad = (req: IncomingMessage, path: string): string | null =>
    options.health
      ? pageLoadCookie(options.health.keys, {
          target: path,
          address: clientOf(req, options.health.keys),
          endpoint: healthEndpoint,
          secure: secure(req),
        })
      : null
  /**
   * The borrower's side of the page's remote's canary (ADR 0058, canary-side.js as nginx runs it): whether the
   * page is the canary side's, and the cookie that keeps the side key (null when the browser sent it, or while
   * no remote has a canary: then nobody needs a side).
   */
  const pageSide = (req: IncomingMessage, url: URL, path: string) => {
    const registry = readPageRegistry(registryFile)
    if (!canarySide.anyCanary(registry)) return { canary: false, cookie: null }
    const key = canarySide.sideKey(
      canarySide.deviceIdOf(url.search.slice(1)),
      req.headers.cookie,
      randomBytes(16).toString('hex'),
    )
    const remote = matchRoute(path)?.remote ?? standaloneRemote(path)
    return {
      canary: !!remote && canarySide.onCanary(key, remote, registry?.remotes[remote]),
      cookie: canarySide.setCookie(key, req.headers.cookie, secure(req)) || null,
    }
  }
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
    const origin = askedOrigin(req)
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
    if (options.ops && (path === OPS_PATH || path.startsWith(`${OPS_PATH}/`))) {
      return handleOps(req, res, path, options.ops)
    }
    if (path === HEALTH_REPORT_PATH && options.health) {
      return receiveHealthReport(req, res, options.health, apiSecurity)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return text(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
    }
    if (path === '/registry.json') {
      if (!existsSync(registryFile)) return notFound()
      if (canarySide.anyCanary(readPageRegistry(registryFile))) {
        // While a canary runs, each borrower's own view: every remote on their side (ADR 0058).
        const key = canarySide.sideKey(canarySide.deviceIdOf(url.search.slice(1)), req.headers.cookie, null)
        const body = canarySide.sideRegistryText(readFileSync(registryFile, 'utf8'), key)
        const headers = { ...security, 'Cache-Control': NO_CACHE, 'Content-Type': TYPES['.json'] }
        return send(res, 200, headers, req.method === 'HEAD' ? '' : body)
      }
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
    if ((CRAWLER_FILES as readonly string[]).includes(path.slice(1))) {
      // Written by the shell's release beside the pages (PUBLIC_ORIGIN names the sitemap's addresses).
      const file = options.pagesDir ? fileIn(options.pagesDir, path.slice(1)) : null
      if (!file) return notFound()
      sendFile(req, res, file, { ...security, 'Cache-Control': NO_CACHE }, compressedCache)
      return
    }
    const found = path !== '/' && path !== '/index.html' ? fileIn(shellDir, path.slice(1)) : null
    const asset = found && !isBuildStats(found) ? found : null
    if (asset) {
      const hashed = path.startsWith('/assets/') || /-[\w-]{8,}\.js$/.test(path)
      const cache = hashed ? IMMUTABLE : SHELL_PICTURES.includes(path) ? PICTURE_CACHE : NO_CACHE
      sendFile(req, res, asset, { ...security, 'Cache-Control': cache }, compressedCache)
      return
    }
    // A missing file is a 404, never the app: only extension-less paths are app routes.
    if (/\.[a-z0-9]+$/i.test(path)) return notFound()
    const side = pageSide(req, url, path)
    const cookies = [pageLoad(req, path), side.cookie].filter((c): c is string => !!c)
    const headers: Headers = {
      ...pageSecurity(),
      ...robotsHeaders(path),
      'Cache-Control': NO_CACHE,
      ...(cookies.length ? { 'Set-Cookie': cookies } : {}),
    }
    // A borrower on the canary side gets its page, where the release wrote one (ADR 0058).
    const canaryPage =
      options.pagesDir && side.canary ? fileIn(canaryPagesDirOf(options.pagesDir), pageFileName(path)) : null
    const written = canaryPage ?? (options.pagesDir ? fileIn(options.pagesDir, pageFileName(path)) : null)
    const render = options.render?.budgetMs ? options.render : null
    const parts = written && render ? dataPages.of(written, path) : null
    if (parts && render && (req.method === 'HEAD' || renders.allow(renderClient(req)))) {
      return sendDataPage(req, res, parts, {
        href: origin + path + url.search,
        settings: renderSettings,
        endpoint: { baseURL: renderSettings.apiBase, appOrigin: origin },
        apiUpstream: render.apiUpstream ?? ownApi(),
        budgetMs: render.budgetMs,
        headers,
        cookie: req.headers.cookie,
        client: forwardedFor(req),
      })
    }
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
    // A path that names no page: the shell's page, whose not-found screen says so, as a 404 (nginx alike).
    send(res, isPagePath(path) ? 200 : 404, { ...headers, 'Content-Type': TYPES['.html'] }, html)
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

import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  createSecureServer,
  type Http2SecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlib } from 'node:zlib'
import { handleApi, isApiPath } from '../../shared/config/demo-api.ts'
import { startNginx, waitForPort } from 'deploy/nginx-serve'
import { healthTokenSecret } from 'deploy/page-load-token'
import { rewriteCompressed } from 'deploy/precompress'
import { demoHandlers } from 'deploy/demo-handlers'
import { CDN_DIR, REGISTRY_FILE, REMOTES_URL, ROOT_DIR, SHELL_DIST } from 'deploy/paths'
import { listFiles } from 'deploy/release'
import { dataMarkerOf, pageFileName, pagesDirOf, writeRoutePages } from 'deploy/route-pages'
import { createAppServer } from 'deploy/server'
import { renderServiceFromEnv } from 'deploy/data-page'
import { settingsFromEnv, type DeploySettings } from 'deploy/settings'

/**
 * The benchmark's server: the deploy server's own request handler (deploy/src/serve/server.ts: shell files,
 * /registry.json, /remotes/* from the CDN, history fallback to index.html with the settings and the route's
 * preloads, brotli for text files with the compressed bodies kept in memory), served over HTTP/2 with TLS as a
 * production CDN would. Only the demo API is answered here, through the same `handleApi` and handlers: the
 * HTTP/2 request carries pseudo-headers (`:path`…) that a fetch `Request` refuses.
 */

export const PERF_DIR = fileURLToPath(new URL('.', import.meta.url))
export const BUILD_DIR = join(PERF_DIR, '.build')
export const RESULTS_DIR = join(PERF_DIR, 'results')
export const MONOLITH_DIST = join(BUILD_DIR, 'monolith')
/** A copy of the federated build taken at the start of a run (see `snapshotFederatedBuild`). */
export const FEDERATED_COPY = join(BUILD_DIR, 'federated')
/** nginx's configuration, temp folders and web root for the `nginx` configuration. */
export const NGINX_PREFIX = join(BUILD_DIR, 'nginx')
/** The nginx in front of the render service (the rendered configuration of `pnpm bench:load`). */
export const NGINX_RENDERED_PREFIX = join(BUILD_DIR, 'nginx-rendered')
/**
 * The release profile (release-setup.ts): the changed remote's build and the CDN after its
 * release, the monolith rebuilt with the same change, and the nginx that serves the CDN before or after.
 */
export const RELEASE_DIR = join(BUILD_DIR, 'release')
export const MONOLITH_RELEASE_DIST = join(BUILD_DIR, 'monolith-release')
export const NGINX_RELEASE_PREFIX = join(BUILD_DIR, 'nginx-release')
export const NGINX_RENDERED_RELEASE_PREFIX = join(BUILD_DIR, 'nginx-rendered-release')
export { CDN_DIR, REGISTRY_FILE, ROOT_DIR, SHELL_DIST }

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

/** Brotli as the deploy server compresses (quality 11). */
export function brotli(body: Buffer | string, quality = 11): Buffer {
  return brotliCompressSync(typeof body === 'string' ? Buffer.from(body) : body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: quality },
  })
}

/** A self-signed certificate for localhost (valid one day), regenerated when older than 12 hours. */
export function ensureCert(dir = BUILD_DIR): {
  key: Buffer
  cert: Buffer
  keyFile: string
  certFile: string
} {
  mkdirSync(dir, { recursive: true })
  const key = join(dir, 'localhost-key.pem')
  const cert = join(dir, 'localhost-cert.pem')
  const fresh = existsSync(cert) && existsSync(key) && Date.now() - statSync(cert).mtimeMs < 12 * 3600_000
  if (!fresh) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    )
  }
  return { key: readFileSync(key), cert: readFileSync(cert), keyFile: key, certFile: cert }
}

export interface RegistryEntry {
  version: string
  entry: string
  previous: { version: string; entry: string } | null
}

export function readRegistryFile(registryFile = REGISTRY_FILE): Record<string, RegistryEntry> {
  if (!existsSync(registryFile)) return {}
  const doc = JSON.parse(readFileSync(registryFile, 'utf8')) as { remotes?: Record<string, RegistryEntry> }
  return doc.remotes ?? {}
}

/** The folder of a remote's current version on the CDN (`cdn/mf-site/1.0.0-abc/`). */
export function releasedDir(pointer: { entry: string }, cdnDir = CDN_DIR): string {
  return join(cdnDir, pointer.entry.slice(REMOTES_URL.length + 1).replace(/\/[^/]*$/, ''))
}

export interface FederatedBuild {
  shellDir: string
  cdnDir: string
  registryFile: string
}

/**
 * Files the copied build refers to but lacks: index.html's scripts and styles, and every relative import
 * between hashed chunks (`"./x-AbCd1234.js"`), so a copy taken in the middle of someone else's rebuild is noticed.
 */
function missingFiles(shellDir: string): string[] {
  const index = join(shellDir, 'index.html')
  if (!existsSync(index)) return ['index.html']
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) =>
    join(shellDir, m[1]),
  )
  for (const file of listFiles(shellDir).filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(
      /["'`](\.\.?\/(?:assets\/)?[\w.-]+-[\w-]{8}\.(?:js|css))["'`]/g,
    )) {
      refs.push(join(dirname(file), m[1]))
    }
  }
  return [...new Set(refs)].filter((ref) => !existsSync(ref))
}

/** Names, sizes and times of a folder's files: equal before and after a copy means nobody wrote to it. */
function fingerprint(dir: string): string {
  return listFiles(dir)
    .map((f) => {
      const st = statSync(f)
      return `${f}|${st.size}|${st.mtimeMs}`
    })
    .join('\n')
}

/**
 * Copies the deployed federated build (shell/dist, registry.json and every remote's current and previous
 * version) into e2e/perf/.build/federated (or `dest`), so a rebuild elsewhere in the workspace during a long
 * benchmark cannot change what is measured halfway. Retries while the copy is incomplete (a build in progress).
 */
export async function snapshotFederatedBuild(dest = FEDERATED_COPY): Promise<FederatedBuild> {
  const copy: FederatedBuild = {
    shellDir: join(dest, 'shell'),
    cdnDir: join(dest, 'cdn'),
    registryFile: join(dest, 'cdn', 'registry.json'),
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      rmSync(dest, { recursive: true, force: true })
      const before = fingerprint(SHELL_DIST)
      cpSync(SHELL_DIST, copy.shellDir, { recursive: true })
      mkdirSync(dirname(copy.registryFile), { recursive: true })
      cpSync(REGISTRY_FILE, copy.registryFile)
      for (const pointer of Object.values(readRegistryFile(copy.registryFile))) {
        for (const p of [pointer, pointer.previous]) {
          const dir = p ? releasedDir(p) : null
          if (dir && existsSync(dir)) cpSync(dir, releasedDir(p!, copy.cdnDir), { recursive: true })
        }
      }
      if (fingerprint(SHELL_DIST) !== before) throw new Error('shell/dist changed while it was copied')
      const missing = missingFiles(copy.shellDir).map((f) => f.slice(dest.length + 1))
      const remotesMissing = Object.values(readRegistryFile(copy.registryFile)).filter(
        (p) => !existsSync(join(releasedDir(p, copy.cdnDir), 'mf-manifest.json')),
      )
      if (!missing.length && !remotesMissing.length) return copy
      throw new Error(
        `incomplete build: missing ${[...missing, ...remotesMissing.map((p) => p.entry)].join(', ')}`,
      )
    } catch (error) {
      if (attempt >= 6) throw error
      const why = error instanceof Error ? error.message : String(error)
      console.warn(`  the federated build is not complete (${why}); another build running? Retrying in 5 s`)
      await new Promise((resolve) => setTimeout(resolve, 5000))
    }
  }
}

/** Removes the build copies and nginx's folders under e2e/perf/.build (kept with BENCH_KEEP_BUILD=1). */
export function removeBuildCopies(): void {
  const dirs = [
    FEDERATED_COPY,
    MONOLITH_DIST,
    NGINX_PREFIX,
    NGINX_RENDERED_PREFIX,
    RELEASE_DIR,
    MONOLITH_RELEASE_DIST,
    NGINX_RELEASE_PREFIX,
    NGINX_RENDERED_RELEASE_PREFIX,
  ]
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}

export interface BuildServerOptions {
  /** The shell's build: the federated shell, or `.build/monolith` for the monolithic build. */
  shellDir: string
  cdnDir?: string
  /** The registry: the deploy server preloads the route's remote and sends its first calls from it. */
  registryFile?: string
  /** False for the monolithic build: it has no remote chain to preload, only the same first calls. */
  remoteChain?: boolean
  settings?: Record<string, unknown>
  host?: string
  port?: number
}

/** A server the benchmark loads pages from. */
export interface Served {
  origin: string
  close(): Promise<void>
}

export interface RunningServer extends Served {
  server: Http2SecureServer
}

interface Reply {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** Answers a demo API call through `handleApi`, with a node request/response pair it can read and write. */
async function answerApi(req: Http2ServerRequest, origin: string): Promise<Reply> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    // Pseudo-headers (:path, :method…) are not valid fetch header names.
    if (!name.startsWith(':') && value !== undefined) headers[name] = value
  }
  const body = chunks.length ? [Buffer.concat(chunks)] : []
  const request = Object.assign(Readable.from(body), { headers, method: req.method, url: req.url })
  const reply: Reply = { status: 500, headers: {}, body: Buffer.alloc(0) }
  const response = {
    writeHead(status: number, head: Record<string, string>) {
      reply.status = status
      reply.headers = head
      return response
    },
    end(chunk?: Buffer | string) {
      if (chunk !== undefined) reply.body = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
      return response
    },
  }
  await handleApi(
    request as unknown as IncomingMessage,
    response as unknown as ServerResponse,
    origin,
    demoHandlers,
  )
  const clean: Record<string, string> = {}
  for (const [name, value] of Object.entries(reply.headers)) {
    const lower = name.toLowerCase()
    if (!HOP_BY_HOP.has(lower) && lower !== 'content-length') clean[lower] = value
  }
  return { ...reply, headers: clean }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void

/** The deploy server's request handler over one build. */
function buildHandler(options: BuildServerOptions): Handler {
  if (!existsSync(join(options.shellDir, 'index.html'))) {
    throw new Error(`${options.shellDir}/index.html is missing: build first`)
  }
  const app = createAppServer({
    shellDir: options.shellDir,
    cdnDir: options.cdnDir ?? CDN_DIR,
    registryFile: options.registryFile ?? REGISTRY_FILE,
    settings: options.settings ?? settingsFromEnv(),
    apiOrigin: null,
    remoteChain: options.remoteChain,
  })
  return app.listeners('request')[0] as Handler
}

/** Serves one build (shell or monolith) with the CDN, registry and demo API, over HTTP/2 + TLS + brotli. */
export async function serveBuild(options: BuildServerOptions): Promise<RunningServer> {
  const handle = buildHandler(options)
  return serveWith(() => handle, options)
}

/** A server that serves one of several builds at the same origin, switched between page loads. */
export interface SwitchableServer<K extends string> extends RunningServer {
  use(variant: K): void
}

/**
 * One origin over several builds (`variants`, the same host and port options taken from the first): `use`
 * switches which one answers the next requests. The release profile serves a build before and after a
 * release at the same origin, so the browser's HTTP cache from a visit before it applies after it.
 */
export async function serveSwitchable<K extends string>(
  variants: Record<K, BuildServerOptions>,
  initial: K,
): Promise<SwitchableServer<K>> {
  const handlers = {} as Record<K, Handler>
  for (const name of Object.keys(variants) as K[]) handlers[name] = buildHandler(variants[name])
  let current = handlers[initial]
  const served = await serveWith(() => current, variants[initial])
  return {
    ...served,
    use: (variant: K) => {
      current = handlers[variant]
    },
  }
}

async function serveWith(handler: () => Handler, options: BuildServerOptions): Promise<RunningServer> {
  const { key, cert } = ensureCert()
  const sessions = new Set<Http2Session>()
  const server = createSecureServer({ key, cert, allowHTTP1: true })
  server.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  server.on('request', (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const authority = String(req.headers[':authority'] ?? req.headers.host ?? 'localhost')
    const origin = `https://${authority}`
    if (!isApiPath(new URL(req.url ?? '/', origin).pathname)) {
      // The compatibility API gives the deploy handler the request/response methods it uses.
      handler()(req as unknown as IncomingMessage, res as unknown as ServerResponse)
      return
    }
    const acceptsBr = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))
    answerApi(req, origin).then(
      (reply) => {
        const br = acceptsBr && /json|text/.test(reply.headers['content-type'] ?? '') && reply.body.length > 0
        const body = br ? brotli(reply.body, 5) : reply.body
        res.writeHead(reply.status, {
          ...reply.headers,
          ...(br ? { 'content-encoding': 'br', vary: 'accept-encoding' } : {}),
          'content-length': String(body.length),
        })
        res.end(body)
      },
      () => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        res.end('Demo API error')
      },
    )
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `https://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A port nobody listens on now (the kernel's pick), for nginx to take. */
export async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * The route pages the release step writes, with their compressed copies (ADR 0016, 0019) and the data pages'
 * markers (ADR 0055), written into a build copy (which has none: they belong to the CDN folder) with the deploy
 * settings of the environment, returned.
 */
export function writeBuildPages(build: FederatedBuild): DeploySettings {
  const settings = settingsFromEnv()
  rewriteCompressed(pagesDirOf(build.cdnDir), () =>
    writeRoutePages({
      cdnDir: build.cdnDir,
      registryFile: build.registryFile,
      shellDir: build.shellDir,
      settings,
    }),
  )
  return settings
}

/**
 * The federated build behind real nginx with deploy/nginx.conf, as production serves it: the route pages the
 * release step writes (`writeBuildPages`), then nginx with brotli_static when the module is installed, over
 * HTTP/2 + TLS with the benchmark's certificate, the API proxied to `apiUpstream` (the Node server's demo API).
 * `renderUpstream`: the render service data routes' pages come from (ADR 0055); null (the default): every page
 * as its file, the deployment before the render service. `settings`: those of the pages a first nginx over the
 * same build already wrote (its `settings`), which a second one serves as they are.
 */
export async function serveWithNginx(
  build: FederatedBuild,
  apiUpstream: string,
  port: number,
  prefix = NGINX_PREFIX,
  renderUpstream: string | null = null,
  settings: DeploySettings = writeBuildPages(build),
): Promise<Served & { brotli: boolean; settings: DeploySettings }> {
  const { certFile, keyFile } = ensureCert()
  rmSync(prefix, { recursive: true, force: true })
  const child = startNginx({
    port,
    prefix,
    shellDir: build.shellDir,
    cdnDir: build.cdnDir,
    apiUpstream,
    renderUpstream,
    apiOrigin: '',
    settings,
    healthTokenSecret: healthTokenSecret(),
    tls: { cert: certFile, key: keyFile },
  })
  await waitForPort(port, child)
  const conf = readFileSync(join(prefix, 'nginx.conf'), 'utf8')
  return {
    origin: `https://127.0.0.1:${port}`,
    brotli: /^\s*brotli_static on;/m.test(conf),
    settings,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGQUIT')
      }),
  }
}

/** Whether the page of `path` in a build (its pages written) is a data page: its release wrote the marker. */
export const isDataPage = (build: FederatedBuild, path: string) =>
  existsSync(join(pagesDirOf(build.cdnDir), dataMarkerOf(pageFileName(path))))

/** A Node demo server of a benchmark (`serve-node.ts`), and the data pages it sent as written. */
export interface NodeServer extends Served {
  port: number
  /** Pages it sent as written instead of rendered (its `[render]` lines), since it started. */
  staticPages(): number
  /** Those lines (a route and the reason; never a query), each with how often it came. */
  staticReasons(): Map<string, number>
}

/**
 * The Node demo server over a build as `pnpm start` serves it (`e2e/perf/serve-node.ts`, a process of its own,
 * HTTP/1.1 on loopback), `render`ing data pages with the environment's budget (ADR 0055), its calls to its own
 * demo API; on the `cpus` given (taskset's list). One client (a load generator, a benchmark's nginx) asks for
 * every page: no per-client limit. Its `[render]` lines are counted, not printed.
 */
export async function startServeNode(options: {
  port: number
  build: Pick<FederatedBuild, 'shellDir' | 'cdnDir'>
  render: boolean
  cpus?: string
}): Promise<NodeServer> {
  const { port, build } = options
  const node = [process.execPath, '--import', 'tsx', join(PERF_DIR, 'serve-node.ts')]
  const args = [...(options.render ? ['--render'] : []), String(port), build.shellDir, build.cdnDir]
  const [bin, ...argv] = options.cpus ? ['taskset', '-c', options.cpus, ...node] : node
  const child = spawn(bin, [...argv, ...args], {
    cwd: join(PERF_DIR, '..'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, RENDERED_PAGES_PER_MINUTE: String(Number.MAX_SAFE_INTEGER) },
  })
  const reasons = new Map<string, number>()
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    for (const [line] of text.matchAll(/^\[render\] .*$/gm)) reasons.set(line, (reasons.get(line) ?? 0) + 1)
    process.stderr.write(text.replace(/^\[render\] .*\n/gm, ''))
  })
  await waitForPort(port, child, 30_000)
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    staticPages: () => [...reasons.values()].reduce((sum, n) => sum + n, 0),
    staticReasons: () => new Map(reasons),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** The render service a benchmark's nginx asks for data pages (`startServeNode` rendering), with its budget. */
export async function serveRenderService(
  build: FederatedBuild,
  port: number,
): Promise<NodeServer & { budgetMs: number }> {
  const budgetMs = renderServiceFromEnv()?.budgetMs
  if (!budgetMs) throw new Error('RENDER_BUDGET_MS=0 turns rendering off: the rendered profile needs it on')
  return { ...(await startServeNode({ port, build, render: true })), budgetMs }
}

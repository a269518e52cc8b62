import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_SETTINGS } from 'shared/host/settings'
import { renderNginxConf } from './nginx-conf'
import { HEALTH_REPORTS_PER_MINUTE } from '../health/health-collector'
import { HEALTH_TOKEN_MAX_AGE } from '../health/page-load-token'
import { DEPLOY_DIR } from '../paths'
import { precompressFile } from '../release/precompress'
import { pageScriptHashes } from '../pages/route-pages'
import { injectSettings, publicOrigin, type DeploySettings } from '../settings'
import { pageSettings } from '../pages/first-frame'
import { injectPageHead } from '../pages/page-head'

/** Where Debian's libnginx-mod-http-brotli-static puts the module (NGINX_BROTLI_MODULE overrides). */
export const BROTLI_STATIC_MODULE =
  process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'

/** Where Debian's libnginx-mod-http-js puts njs (NGINX_JS_MODULE overrides): page-load tokens need it. */
export const NJS_MODULE = process.env.NGINX_JS_MODULE ?? '/usr/lib/nginx/modules/ngx_http_js_module.so'

/** The njs script nginx makes page-load tokens with (the Node server imports the same file). */
export const HEALTH_TOKEN_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'health-token.js')
/** The njs script that decides a borrower's side of a canary (ADR 0058), the one the Node server imports. */
export const CANARY_SIDE_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'canary-side.js')

export interface NginxServeOptions {
  port: number
  /** nginx's own folder: its configuration, temp folders and the web root. */
  prefix: string
  shellDir: string
  /** The CDN folder, with the route pages the release step wrote (`.pages`). */
  cdnDir: string
  apiUpstream: string
  /** Where CSP violation reports go (nginx.conf `/csp-report`); default: `apiUpstream`, the demo server. */
  cspReportUpstream?: string
  /** Where field health reports go (nginx.conf `/health/reports`); default: `apiUpstream`, the demo server. */
  healthUpstream?: string
  /**
   * Where data routes' pages are rendered (nginx.conf `@rendered`); default: `healthUpstream`, the deploy server;
   * null: none is, every page goes as written.
   */
  renderUpstream?: string | null
  /** Default: HEALTH_REPORTS_PER_MINUTE, the Node server's. */
  healthReportsPerMinute?: number
  apiOrigin: string
  settings: DeploySettings
  tls?: { cert: string; key: string } | null
  /** Default: BROTLI_STATIC_MODULE when it is installed. */
  brotliStaticModule?: string | null
  /** Default: NJS_MODULE; nginx is not started without it. */
  njsModule?: string
  /** Default: HEALTH_TOKEN_MAX_AGE. */
  healthTokenMaxAge?: number
  nginxBin?: string
  stdio?: 'inherit' | 'ignore'
}

/**
 * Writes the web root (the shell build with the settings in its index.html, and that file's compressed copies
 * made again: the build's are of the file without them) and deploy/nginx.conf with its placeholders filled;
 * returns the configuration file.
 */
export function prepareNginx(options: NginxServeOptions): string {
  const www = join(options.prefix, 'www')
  rmSync(www, { recursive: true, force: true })
  cpSync(options.shellDir, www, { recursive: true })
  const index = join(www, 'index.html')
  // The fallback page (an address with no page written) names the icons and the theme colour as every page does.
  const page = injectSettings(readFileSync(index, 'utf8'), options.settings)
  const head = { path: null, head: null, settings: pageSettings(options.settings), origin: publicOrigin() }
  writeFileSync(index, injectPageHead(page, head))
  precompressFile(index)
  const brotliStaticModule =
    options.brotliStaticModule !== undefined
      ? options.brotliStaticModule
      : existsSync(BROTLI_STATIC_MODULE)
        ? BROTLI_STATIC_MODULE
        : null
  const njsModule = options.njsModule ?? NJS_MODULE
  if (!existsSync(njsModule)) {
    throw new Error(
      `nginx's njs module is not installed (${njsModule}): nginx gives every page its page-load token ` +
        'with it, and without one no health report of the page would count (ADR 0040). Install it ' +
        '(Debian: apt-get install libnginx-mod-http-js) or name its file in NGINX_JS_MODULE.',
    )
  }
  // Started as root (CI), nginx's workers would drop to `nobody`, who cannot reach a checkout inside a
  // private folder (`mktemp -d` makes 0700 folders): this local server's workers keep the user that started it.
  const workerUser = process.getuid?.() === 0 ? 'user root;\n' : ''
  const conf =
    workerUser +
    renderNginxConf(readFileSync(join(DEPLOY_DIR, 'nginx.conf'), 'utf8'), {
      prefix: options.prefix,
      port: options.port,
      www,
      cdn: options.cdnDir,
      apiUpstream: options.apiUpstream,
      cspReportUpstream: options.cspReportUpstream ?? options.apiUpstream,
      healthUpstream: options.healthUpstream ?? options.apiUpstream,
      renderUpstream:
        options.renderUpstream === null
          ? null
          : (options.renderUpstream ?? options.healthUpstream ?? options.apiUpstream),
      healthReportsPerMinute: options.healthReportsPerMinute ?? HEALTH_REPORTS_PER_MINUTE,
      apiOrigin: options.apiOrigin,
      imageHosts: options.settings.imageHosts,
      loopbackPictures: options.settings.loopbackPictures === true,
      frameHosts: options.settings.allowedHosts,
      loopbackDocuments: options.settings.loopbackDocuments === true,
      scriptHashes: pageScriptHashes(options.shellDir),
      brotliStaticModule,
      njsModule,
      healthTokenScript: HEALTH_TOKEN_SCRIPT,
      canarySideScript: CANARY_SIDE_SCRIPT,
      healthEndpoint:
        typeof options.settings.healthEndpoint === 'string'
          ? options.settings.healthEndpoint
          : DEFAULT_SETTINGS.healthEndpoint,
      healthTokenMaxAge: options.healthTokenMaxAge ?? HEALTH_TOKEN_MAX_AGE,
      tls: options.tls,
    })
  const confFile = join(options.prefix, 'nginx.conf')
  writeFileSync(confFile, conf)
  return confFile
}

/**
 * Prepares and runs nginx in the foreground (the configuration says `daemon off`). `healthTokenSecret`: what
 * page-load tokens are signed with (`healthTokenSecret()`), the deploy server's too; njs reads it from
 * nginx's environment (nginx.conf's `env`), so it is never written into a file.
 */
export function startNginx(options: NginxServeOptions & { healthTokenSecret: string }): ChildProcess {
  mkdirSync(options.prefix, { recursive: true })
  const confFile = prepareNginx(options)
  const nginx = options.nginxBin ?? process.env.NGINX_BIN ?? '/usr/sbin/nginx'
  return spawn(nginx, ['-c', confFile, '-p', options.prefix, '-e', 'stderr'], {
    stdio: options.stdio ?? 'inherit',
    env: { ...process.env, HEALTH_TOKEN_SECRET: options.healthTokenSecret },
  })
}

/** Resolves once `port` accepts connections on loopback; rejects after `timeoutMs` or when `child` exits. */
export async function waitForPort(port: number, child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (code ${child.exitCode})`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > end) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

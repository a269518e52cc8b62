import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { renderNginxConf } from './nginx-conf'
import { HEALTH_REPORTS_PER_MINUTE } from '../health/health-collector'
import { DEPLOY_DIR } from '../paths'
import { precompressFile } from '../release/precompress'
import { pageScriptHashes } from '../pages/route-pages'
import { injectSettings, publicOrigin, type DeploySettings } from '../settings'
import { pageSettings } from '../pages/first-frame'
import { injectPageHead } from '../pages/page-head'

/** Where Debian's libnginx-mod-http-brotli-static puts the module (NGINX_BROTLI_MODULE overrides). */
export const BROTLI_STATIC_MODULE =
  process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'

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
  /** Default: HEALTH_REPORTS_PER_MINUTE, the Node server's. */
  healthReportsPerMinute?: number
  apiOrigin: string
  settings: DeploySettings
  tls?: { cert: string; key: string } | null
  /** Default: BROTLI_STATIC_MODULE when it is installed. */
  brotliStaticModule?: string | null
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
      healthReportsPerMinute: options.healthReportsPerMinute ?? HEALTH_REPORTS_PER_MINUTE,
      apiOrigin: options.apiOrigin,
      imageHosts: options.settings.imageHosts,
      loopbackPictures: options.settings.loopbackPictures === true,
      frameHosts: options.settings.allowedHosts,
      loopbackDocuments: options.settings.loopbackDocuments === true,
      scriptHashes: pageScriptHashes(options.shellDir),
      brotliStaticModule,
      tls: options.tls,
    })
  const confFile = join(options.prefix, 'nginx.conf')
  writeFileSync(confFile, conf)
  return confFile
}

/** Prepares and runs nginx in the foreground (the configuration says `daemon off`). */
export function startNginx(options: NginxServeOptions): ChildProcess {
  mkdirSync(options.prefix, { recursive: true })
  const confFile = prepareNginx(options)
  const nginx = options.nginxBin ?? process.env.NGINX_BIN ?? '/usr/sbin/nginx'
  return spawn(nginx, ['-c', confFile, '-p', options.prefix, '-e', 'stderr'], {
    stdio: options.stdio ?? 'inherit',
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

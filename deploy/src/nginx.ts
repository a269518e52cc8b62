import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CDN_DIR, DEPLOY_DIR, REGISTRY_FILE, SHELL_DIST } from './paths'
import { renderNginxConf } from './nginx-conf'
import { readPageRegistry } from './registry-file'
import { injectSettings, settingsFromEnv } from './settings'
import { STANDALONE_PAGES, standaloneHtml } from './standalone'

/**
 * Serves the released tree with real nginx on loopback (used by the e2e `nginx` project): writes the web
 * root (shell build + settings), fills deploy/nginx.conf's placeholders and runs nginx in the foreground.
 */
const port = Number(process.env.NGINX_PORT ?? 4320)
const apiUpstream = process.env.API_UPSTREAM ?? 'http://127.0.0.1:4310'
const apiOrigin = process.env.API_ORIGIN ?? ''
// One folder per port, so several nginx instances (e2e suites) never share a web root.
const prefix = join(DEPLOY_DIR, '.nginx', String(port))
const www = join(prefix, 'www')

rmSync(www, { recursive: true, force: true })
cpSync(SHELL_DIST, www, { recursive: true })
const index = join(www, 'index.html')
const settings = settingsFromEnv()
writeFileSync(index, injectSettings(readFileSync(index, 'utf8'), settings))
// nginx cannot read the registry: each standalone page is written from the current release (ADR 0016).
for (const [path, remote] of Object.entries(STANDALONE_PAGES)) {
  const page = standaloneHtml(remote, readPageRegistry(REGISTRY_FILE), CDN_DIR, settings)
  if (!page) continue
  mkdirSync(join(www, path), { recursive: true })
  writeFileSync(join(www, path, 'index.html'), page)
}
mkdirSync(prefix, { recursive: true })
// Started as root (CI), nginx's workers would drop to `nobody`, who cannot reach a checkout inside a private
// folder (`mktemp -d` makes 0700 folders): this local server's workers keep the user that started it.
const workerUser = process.getuid?.() === 0 ? 'user root;\n' : ''
const conf =
  workerUser +
  renderNginxConf(readFileSync(join(DEPLOY_DIR, 'nginx.conf'), 'utf8'), {
    prefix,
    port,
    www,
    cdn: CDN_DIR,
    apiUpstream,
    apiOrigin,
    imageHosts: settings.imageHosts,
  })
const confFile = join(prefix, 'nginx.conf')
writeFileSync(confFile, conf)
const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const child = spawn(nginx, ['-c', confFile, '-p', prefix, '-e', 'stderr'], { stdio: 'inherit' })
console.log(`nginx serving ${www} at http://127.0.0.1:${port}`)
child.on('exit', (code) => process.exit(code ?? 0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill('SIGQUIT'))

import { join } from 'node:path'
import { startNginx } from './nginx-serve'
import { CDN_DIR, DEPLOY_DIR, SHELL_DIST } from '../paths'
import { apiOrigin, settingsFromEnv, upstreamUrl } from '../settings'
import { healthReportsPerMinute } from '../health/health-collector'
import { healthTokenMaxAge, healthTokenSecret } from '../health/page-load-token'

/**
 * Serves the released tree with real nginx on loopback (used by the e2e `nginx` project): writes the web
 * root (shell build + settings), fills deploy/nginx.conf's placeholders and runs nginx in the foreground.
 */
const port = Number(process.env.NGINX_PORT ?? 4320)
// One folder per port, so several nginx instances (e2e suites) never share a web root.
const prefix = join(DEPLOY_DIR, '.nginx', String(port))
/** RENDER_UPSTREAM: unset (the default), `off`, or the render service's address. */
function renderUpstream(value: string | undefined): string | null | undefined {
  if (!value) return undefined
  return value.trim() === 'off' ? null : upstreamUrl('RENDER_UPSTREAM', value)
}

/** The nginx child for the environment's settings; a setting that is not valid stops here, named. */
function start() {
  try {
    return startNginx({
      port,
      prefix,
      shellDir: SHELL_DIST,
      cdnDir: CDN_DIR,
      apiUpstream: upstreamUrl('API_UPSTREAM', process.env.API_UPSTREAM ?? 'http://127.0.0.1:4310'),
      // Production: the report collector (ADR 0025); locally the demo server, which records them.
      cspReportUpstream:
        process.env.CSP_REPORT_UPSTREAM &&
        upstreamUrl('CSP_REPORT_UPSTREAM', process.env.CSP_REPORT_UPSTREAM),
      // Production: the deploy server that stores field health reports (ADR 0033); locally the demo server.
      healthUpstream:
        process.env.HEALTH_UPSTREAM && upstreamUrl('HEALTH_UPSTREAM', process.env.HEALTH_UPSTREAM),
      // Production: the deploy server (the same as HEALTH_UPSTREAM), which renders data routes' pages (ADR 0054);
      // `off`: every page as written, the borrower's data fetched by the page as before.
      renderUpstream: renderUpstream(process.env.RENDER_UPSTREAM),
      healthReportsPerMinute: healthReportsPerMinute(),
      apiOrigin: apiOrigin(process.env.API_ORIGIN ?? ''),
      settings: settingsFromEnv(process.env, { serve: true }),
      // The secret `pnpm start` uses (HEALTH_TOKEN_SECRET, else the demo's file), so both check each other's tokens.
      healthTokenSecret: healthTokenSecret(),
      healthTokenMaxAge: healthTokenMaxAge(),
    })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

const child = start()
console.log(`nginx serving ${join(prefix, 'www')} at http://127.0.0.1:${port}`)
child.on('exit', (code) => process.exit(code ?? 0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill('SIGQUIT'))

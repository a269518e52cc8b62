import { join } from 'node:path'
import { createHealthCollector } from 'deploy/health-collector'
import { HealthStore } from 'deploy/health-store'
import { pageLoadKeys } from 'deploy/page-load-token'
import { pagesDirOf } from 'deploy/route-pages'
import { createAppServer } from 'deploy/server'
import { renderServiceFromEnv } from 'deploy/data-page'
import { settingsFromEnv } from 'deploy/settings'
import { VersionHistory } from 'deploy/version-history'

/**
 * The Node demo server as `pnpm start` runs it (deploy/src/serve/start.ts: `createAppServer` with the written route
 * pages, plain HTTP/1.1), over a build copy, in a process of its own: `pnpm bench:serve` starts it so that the
 * load generator and the server do not share one event loop. Arguments: port, shell folder, CDN folder, and
 * (`pnpm bench:intake`) a health store file, which turns the report collector on with no rate limit, its
 * page-load tokens checked with `HEALTH_TOKEN_SECRET` (the demo's file when unset). `--render` (`pnpm
 * bench:render`): data routes rendered with the borrower's data as `pnpm start` renders them (ADR 0055), with
 * the environment's render settings.
 * Prints `listening` once it accepts connections; SIGTERM closes it.
 */
const args = process.argv.slice(2)
const [port, shellDir, cdnDir, healthDb] = args.filter((arg) => arg !== '--render')
if (!port || !shellDir || !cdnDir) {
  console.error('usage: serve-node.ts [--render] <port> <shellDir> <cdnDir> [healthDb]')
  process.exit(2)
}
const store = healthDb ? new HealthStore(healthDb) : null
const server = createAppServer({
  shellDir,
  cdnDir,
  registryFile: join(cdnDir, 'registry.json'),
  settings: settingsFromEnv(),
  apiOrigin: null,
  pagesDir: pagesDirOf(cdnDir),
  render: args.includes('--render') ? renderServiceFromEnv() : null,
  health:
    store &&
    createHealthCollector({
      store,
      keys: pageLoadKeys(),
      history: new VersionHistory(cdnDir, join(cdnDir, 'registry.json')),
      perMinute: Number.MAX_SAFE_INTEGER,
    }),
})
server.on('error', (error) => {
  console.error(error.message)
  process.exit(1)
})
server.listen(Number(port), '127.0.0.1', () => console.log('listening'))
process.on('SIGTERM', () => {
  server.close(() => void (store?.close() ?? Promise.resolve()).finally(() => process.exit(0)))
  server.closeAllConnections()
  setTimeout(() => process.exit(0), 2000).unref()
})

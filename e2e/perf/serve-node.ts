import { join } from 'node:path'
import { pagesDirOf } from 'deploy/route-pages'
import { createAppServer } from 'deploy/server'
import { settingsFromEnv } from 'deploy/settings'

/**
 * The Node demo server as `pnpm start` runs it (deploy/src/serve/start.ts: `createAppServer` with the written route
 * pages, plain HTTP/1.1), over a build copy, in a process of its own: `pnpm bench:serve` starts it so that the
 * load generator and the server do not share one event loop. Arguments: port, shell folder, CDN folder.
 * Prints `listening` once it accepts connections; SIGTERM closes it.
 */
const [port, shellDir, cdnDir] = process.argv.slice(2)
if (!port || !shellDir || !cdnDir) {
  console.error('usage: serve-node.ts <port> <shellDir> <cdnDir>')
  process.exit(2)
}
const server = createAppServer({
  shellDir,
  cdnDir,
  registryFile: join(cdnDir, 'registry.json'),
  settings: settingsFromEnv(),
  apiOrigin: null,
  pagesDir: pagesDirOf(cdnDir),
})
server.on('error', (error) => {
  console.error(error.message)
  process.exit(1)
})
server.listen(Number(port), '127.0.0.1', () => console.log('listening'))
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
  setTimeout(() => process.exit(0), 2000).unref()
})

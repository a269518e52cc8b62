import { buildAll, buildShell } from './build'
import { remotePackages } from './paths'
import { releaseRemote } from './release'
import { createAppServer, guardProcess } from './server'
import { settingsFromEnv } from './settings'

/**
 * `pnpm start`: build every remote, release each into the local versioned CDN, build the shell (which bakes
 * the registry as its fallback), then serve everything with the demo API on one origin.
 */
async function main() {
  const port = Number(process.env.PORT ?? 8080)
  const skipBuild = process.env.SKIP_BUILD === '1'
  const remotes = remotePackages()
  if (!skipBuild) {
    console.log(`Building ${remotes.join(', ')}…`)
    await buildAll(remotes)
  }
  for (const pkg of remotes) {
    const result = releaseRemote(pkg)
    console.log(`  ${result.changed ? 'released' : 'unchanged'} ${pkg}@${result.version}`)
  }
  if (!skipBuild) await buildShell()
  if (process.argv.includes('--build-only')) return
  const server = createAppServer({ settings: settingsFromEnv(), apiOrigin: null })
  guardProcess()
  // A port already taken is the end of this run, not an error to log and carry on with.
  server.on('error', (error) => {
    console.error(error.message)
    process.exit(1)
  })
  server.listen(port, () => {
    console.log(`\nCashLoan is running at http://localhost:${port}`)
    console.log(`Developer test page: http://localhost:${port}/testPreview\n`)
  })
  const stop = () => {
    console.log('Stopping…')
    server.close(() => process.exit(0))
    server.closeAllConnections()
    setTimeout(() => process.exit(0), 2000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

import { buildAll, buildShell } from '../release/build'
import { CDN_DIR, federationName, packageOf, REGISTRY_FILE, remotePackages, SHELL_DIST } from '../paths'
import { readRegistry } from '../registry-file'
import { abortCanary, publishPages, releaseRemote, rollbackRemote } from '../release/release'
import { canarySteps, nextStep, promoteCanary } from '../release/canary'
import { canaryStoreReads, createCanaryWatcher, type CanaryState } from '../health/canary-watch'
import { DEFAULT_CANARY } from '../health/canary-judge'
import {
  createReleaseWatcher,
  healthStoreReads,
  WATCH_INTERVAL_MS,
  watchSettings,
} from '../health/release-watch'
import { pagesDirOf } from '../pages/route-pages'
import { createAppServer, guardProcess } from './server'
import { settingsFromEnv } from '../settings'
import { renderServiceFromEnv } from '../render/data-page'
import { createHealthCollector, healthReportsPerMinute } from '../health/health-collector'
import { HealthStore, healthStoreFile, healthStoreLimits } from '../health/health-store'
import { createOtlpForwarder, otlpLogsUrl } from '../health/otlp-export'
import { OpsLogins, opsToken } from '../health/ops-page'
import { pageLoadKeys } from '../health/page-load-token'
import { VersionHistory } from '../health/version-history'

/**
 * `pnpm start`: build every remote, release each into the local versioned CDN, build the shell (which bakes
 * the registry as its fallback), write every route's page for this shell and these settings, then serve
 * everything with the demo API on one origin.
 */
async function main() {
  const port = Number(process.env.PORT ?? 8080)
  const skipBuild = process.env.SKIP_BUILD === '1'
  // Settings the deploy cannot run with (production's missing ones, a mistyped URL) stop it before the build.
  const buildOnly = process.argv.includes('--build-only')
  const settings = settingsFromEnv(process.env, { serve: !buildOnly })
  // The page-load tokens' secret (ADR 0040) and the store's caps (ADR 0042): checked before the build, so a
  // bad one stops the start at once.
  const keys = buildOnly ? null : pageLoadKeys()
  const render = buildOnly ? null : renderServiceFromEnv(process.env)
  const limits = healthStoreLimits()
  const remotes = remotePackages()
  if (!skipBuild) {
    console.log(`Building ${remotes.join(', ')}…`)
    await buildAll(remotes)
  }
  // A remote's running canary (ADR 0058) outlives a restart: its build is left unreleased until the canary
  // is promoted or aborted (a release would be refused). Releasing one remote leaves the others' canaries.
  const before = readRegistry(REGISTRY_FILE).remotes
  for (const pkg of remotes) {
    const canary = before[federationName(pkg)]?.canary
    if (canary) {
      console.log(
        `  kept ${pkg}'s canary of ${canary.version} on ${canary.percent}% (its build not released)`,
      )
      continue
    }
    const result = releaseRemote(pkg)
    console.log(`  ${result.changed ? 'released' : 'unchanged'} ${pkg}@${result.version}`)
  }
  if (!skipBuild) await buildShell()
  const pages = publishPages({ cdnDir: CDN_DIR, registryFile: REGISTRY_FILE, shellDir: SHELL_DIST, settings })
  console.log(`  wrote ${pages.length} route pages`)
  if (!keys) return
  // Reports go to the embedded store, and to an OpenTelemetry collector when OTEL_EXPORTER_OTLP_ENDPOINT names one.
  const otlpUrl = otlpLogsUrl()
  const otlp = otlpUrl ? createOtlpForwarder(otlpUrl) : null
  const health = createHealthCollector({
    store: new HealthStore(healthStoreFile(port), { limits }),
    keys,
    history: new VersionHistory(CDN_DIR, REGISTRY_FILE),
    forward: otlp?.forward,
    perMinute: healthReportsPerMinute(),
  })
  const ops = opsToken(process.env, process.env.DEPLOY_PROFILE ?? 'demo')
  // The canary watch's latest judgements, for the ops page (none while the watch is off).
  let canaryStates: () => CanaryState[] = () => []
  const server = createAppServer({
    settings,
    apiOrigin: null,
    pagesDir: pagesDirOf(CDN_DIR),
    render,
    health,
    ops: ops && {
      token: ops.token,
      store: health.store,
      cdnDir: CDN_DIR,
      registryFile: REGISTRY_FILE,
      logins: new OpsLogins(),
      canaries: () => canaryStates(),
    },
  })
  // The server watches every release it sees in the log (ADR 0041), unless RELEASE_WATCH=off.
  if (process.env.RELEASE_WATCH !== 'off') {
    const watcher = createReleaseWatcher({
      reads: healthStoreReads(health.store),
      cdnDir: CDN_DIR,
      registryFile: REGISTRY_FILE,
      settings: watchSettings(),
      rollback: (remote, version, reason) =>
        void rollbackRemote(packageOf(remote), undefined, { onlyIfCurrent: version, reason }),
    })
    // And every running canary against its control group (ADR 0059): aborted, promoted a step, or held.
    const steps = canarySteps()
    const canaries = createCanaryWatcher({
      reads: canaryStoreReads(health.store),
      registryFile: REGISTRY_FILE,
      settings: { ...watchSettings(), ...DEFAULT_CANARY },
      nextStep: (percent) => nextStep(steps, percent),
      abort: (remote, version, reason) =>
        void abortCanary(packageOf(remote), { onlyIfCanary: version, reason }),
      promote: (remote, version, to, reason) =>
        void promoteCanary(packageOf(remote), { onlyIfCanary: version, to, reason }),
    })
    canaryStates = canaries.states
    setInterval(() => {
      Promise.all([watcher.check(), canaries.check()]).catch((error: unknown) =>
        console.error('[release watch]', error instanceof Error ? error.message : error),
      )
    }, WATCH_INTERVAL_MS).unref()
  }
  guardProcess()
  // A port already taken is the end of this run, not an error to log and carry on with.
  server.on('error', (error) => {
    console.error(error.message)
    process.exit(1)
  })
  server.listen(port, () => {
    console.log(`Health reports: ${health.store.file}${otlpUrl ? `, exported to ${otlpUrl}` : ''}`)
    console.log(`\nCashLoan is running at http://localhost:${port}`)
    console.log(`Developer test page: http://localhost:${port}/testPreview`)
    if (ops) {
      const token = ops.generated ? ` (token for this run: ${ops.token}; set OPS_TOKEN to choose one)` : ''
      console.log(`Ops page: http://localhost:${port}/ops${token}`)
    }
    console.log('')
  })
  const stop = () => {
    console.log('Stopping…')
    server.close(() => {
      void Promise.allSettled([health.store.close(), otlp?.shutdown()]).finally(() => process.exit(0))
    })
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

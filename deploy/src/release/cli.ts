import { existsSync } from 'node:fs'
import { buildPackage } from './build'
import { HealthStore, healthStoreFile } from '../health/health-store'
import { healthLines, WINDOWS } from '../health/health-table'
import {
  healthStoreReads,
  judgeRelease,
  WATCH_INTERVAL_MS,
  watchSettings,
  type Verdict,
} from '../health/release-watch'
import { CDN_DIR, federationName, packageOf, REGISTRY_FILE, remotePackages, SHELL_DIST } from '../paths'
import { releaseSettings } from '../pages/route-pages'
import { readRegistry, RegistryFileError, type RegistryDoc } from '../registry-file'
import {
  abortCanary,
  canaryRunning,
  checkPages,
  releaseRemote,
  repairRegistry,
  rollbackRemote,
  versionsOnCdn,
} from './release'
import { canaryPercent, canarySteps, promoteCanary, releaseCanary } from './canary'
import { sampleRatio } from '../health/canary-judge'
import { headCommit, recordReleaseCheck, RELEASE_CHECK_FILE, releaseCheckStatus } from './release-check'

const USAGE = `usage:
  pnpm release <remote> [--watch]    build and publish one remote, point the registry at it; --watch:
                                     roll it back if borrowers' reports show it failing (ADR 0041)
  pnpm release <remote> --canary <percent>
                                     build and publish it for that share of borrowers only, the rest
                                     keeping the current version (ADR 0058)
  pnpm release <remote> --promote [--to <percent>]
                                     the canary's next step (CANARY_STEPS, default 5,25,50,100); at 100
                                     it is every borrower's version, as a plain release leaves it
  pnpm release <remote> --abort [--reason <text>]
                                     end the canary: every borrower back on the current version
  pnpm rollback <remote> [version]   point a remote back (default: its previous version)
  pnpm remotes                       list current, previous and available versions, with field health
  pnpm pages:check                   rewrite every route page that disagrees with the registry, say which
  pnpm registry:repair               rebuild a registry.json that is not a registry from the route pages
  pnpm release-check:passed          (the last step of pnpm test:release) record that it passed, and when`

/** `pnpm pages:check`, also run after a registry repair. */
function pagesCheck(): void {
  const result = checkPages({ cdnDir: CDN_DIR, registryFile: REGISTRY_FILE, shellDir: SHELL_DIST })
  if (!result) {
    console.log('No shell build (shell/dist): there are no route pages to check. `pnpm build` writes them.')
    return
  }
  for (const { path, problem } of result.repaired) console.log(`repaired ${path}: ${problem}`)
  console.log(
    result.repaired.length
      ? `${result.repaired.length} of ${result.checked.length} route pages repaired; they now agree with the registry`
      : `All ${result.checked.length} route pages agree with the registry`,
  )
}

/**
 * `pnpm release <remote> --watch` (ADR 0041): judges the new version on its loads as borrowers report them
 * (the server's store: HEALTH_DB, or the one of the server on PORT); rolls it back and returns 1 when it
 * fails, 0 when it is healthy or its window passed undecided.
 */
async function watchRelease(pkg: string, version: string, previous: string | null): Promise<number> {
  const settings = watchSettings()
  const name = federationName(pkg)
  const since = Date.now()
  const file = healthStoreFile(Number(process.env.PORT ?? 8080))
  const minutes = settings.windowMs / 60_000
  console.log(`Watching ${pkg}@${version} for up to ${settings.maxLoads} loads or ${minutes} min (${file})…`)
  let store: HealthStore | null = null
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, WATCH_INTERVAL_MS))
      if (readRegistry(REGISTRY_FILE).remotes[name]?.version !== version) {
        console.log(`${pkg}@${version} is no longer current (rolled back elsewhere); the watch ends`)
        return 1
      }
      if (!store && !existsSync(file)) continue
      store ??= new HealthStore(file, { readOnly: true })
      const verdict: Verdict = await judgeRelease(
        healthStoreReads(store),
        name,
        version,
        previous,
        since,
        settings,
      )
      if (verdict.status === 'waiting') continue
      if (verdict.status === 'failing') {
        const back = rollbackRemote(pkg, undefined, {
          onlyIfCurrent: version,
          reason: `release watch: ${verdict.reason}`,
        })
        console.error(`${pkg}@${version} is failing: ${verdict.reason}. Rolled back to ${back.version}.`)
        return 1
      }
      console.log(
        verdict.status === 'healthy'
          ? `${pkg}@${version} is healthy: ${verdict.reason}`
          : `${pkg}@${version} is undecided after its window; left as it is: ${verdict.reason}`,
      )
      return 0
    }
  } finally {
    await store?.close()
  }
}

/** The value after `flag` in `args` (`--canary 5`), undefined when the flag is not there. */
function optionValue(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag)
  if (at < 0) return undefined
  const value = args[at + 1]
  return value === undefined || value.startsWith('--') ? '' : value
}

function remoteArg(value: string | undefined): string {
  const pkg = value ? packageOf(value) : ''
  if (!remotePackages().includes(pkg)) {
    throw new Error(`unknown remote "${value ?? ''}". Remotes: ${remotePackages().join(', ')}`)
  }
  return pkg
}

async function main(argv: string[]) {
  const [command, ...args] = argv
  switch (command) {
    case 'release': {
      const pkg = remoteArg(args[0])
      const reason = optionValue(args, '--reason')
      if (args.includes('--promote')) {
        const to = optionValue(args, '--to')
        const r = promoteCanary(pkg, {
          to: to === undefined ? undefined : Number(to) >= 100 ? 100 : canaryPercent(to),
          steps: canarySteps(),
          reason,
        })!
        console.log(
          r.percent === 100
            ? `${pkg} → ${r.canary} for every borrower (previous: ${r.control}); the canary is over`
            : `${pkg}'s canary ${r.canary} → ${r.percent}% of borrowers (the rest: ${r.control})`,
        )
        return
      }
      if (args.includes('--abort')) {
        const r = abortCanary(pkg, { reason: reason ?? 'aborted by hand' })
        console.log(
          r.aborted
            ? `${pkg}'s canary ${r.aborted} aborted; every borrower is on ${r.version}`
            : `${pkg} has no canary running; every borrower is on ${r.version}`,
        )
        return
      }
      const canary = args.includes('--canary') ? canaryPercent(optionValue(args, '--canary')) : null
      console.log(releaseCheckStatus())
      // A canary already running stops a release before the build, not after it.
      const running = readRegistry(REGISTRY_FILE).remotes[federationName(pkg)]?.canary
      if (running) throw canaryRunning(pkg, running)
      if (canary !== null) {
        releaseSettings(CDN_DIR)
        await buildPackage(pkg)
        const r = releaseCanary(pkg, canary, { reason })
        console.log(
          `${pkg} → ${r.canary} for ${r.percent}% of borrowers (the rest: ${r.control}). Next: ` +
            `pnpm release ${pkg} --promote, or --abort`,
        )
        return
      }
      // A registry the release could not update, or settings its pages cannot be written with, are reported
      // before the build, not after it.
      readRegistry(REGISTRY_FILE)
      releaseSettings(CDN_DIR)
      await buildPackage(pkg)
      const r = releaseRemote(pkg)
      console.log(
        r.changed
          ? `${pkg} → ${r.version} (previous: ${r.previous ?? 'none'})`
          : `${pkg}@${r.version} is already current; nothing changed`,
      )
      if (args.includes('--watch') && r.changed)
        process.exitCode = await watchRelease(pkg, r.version, r.previous)
      return
    }
    case 'rollback': {
      const pkg = remoteArg(args[0])
      const r = rollbackRemote(pkg, args[1])
      console.log(
        r.changed
          ? `${pkg} → ${r.version} (undo with: pnpm rollback ${pkg})`
          : `${pkg}@${r.version} is already current; its entry and route pages were written again`,
      )
      return
    }
    case 'pages:check':
      pagesCheck()
      return
    case 'release-check:passed': {
      recordReleaseCheck(RELEASE_CHECK_FILE, { passedAt: new Date().toISOString(), commit: headCommit() })
      console.log(releaseCheckStatus())
      return
    }
    case 'registry:repair': {
      const r = repairRegistry(remotePackages())
      if (!r) {
        console.log(`${REGISTRY_FILE} is a registry; nothing to repair (pnpm remotes lists it)`)
        return
      }
      console.log(`${REGISTRY_FILE} was not a registry; kept as ${r.setAside}`)
      for (const { pkg, version, previous } of r.restored) {
        console.log(`restored ${pkg} → ${version} (previous: ${previous ?? 'none'})`)
      }
      for (const { pkg, available } of r.missing) {
        console.log(
          `not restored ${pkg}: no route page carries a pointer to a version on the CDN. Point it with ` +
            `pnpm rollback ${pkg} <version> (available: ${available.join(', ') || 'none'})`,
        )
      }
      pagesCheck()
      return
    }
    case 'remotes': {
      let doc: RegistryDoc | null = null
      try {
        doc = readRegistry(REGISTRY_FILE)
      } catch (error) {
        if (!(error instanceof RegistryFileError)) throw error
        // The versions on the CDN are still listed: they are what a repaired registry may point at.
        console.error(error.message)
        process.exitCode = 1
      }
      const unknown = doc ? '-' : '?'
      // Field health from the server's store (ADR 0042): the demo server's on PORT, or HEALTH_DB, read
      // beside the server as it writes (WAL); a store that cannot be read is said, and the list still printed.
      const file = healthStoreFile(Number(process.env.PORT ?? 8080))
      const store = existsSync(file) ? new HealthStore(file, { readOnly: true }) : null
      const byWindow = store
        ? await Promise.all(WINDOWS.map((w) => store.versions(Date.now() - w.ms))).catch((error: unknown) => {
            console.error(
              `Field health not read (${file}): ${error instanceof Error ? error.message : error}`,
            )
            return null
          })
        : null
      for (const pkg of remotePackages()) {
        const entry = doc?.remotes[federationName(pkg)]
        console.log(
          `${pkg.padEnd(14)} current: ${entry?.version ?? unknown}  previous: ${entry?.previous?.version ?? unknown}  available: ${versionsOnCdn(pkg).join(', ') || '-'}`,
        )
        if (entry?.canary) {
          const { version, percent, since, stepSince } = entry.canary
          console.log(
            `${''.padEnd(14)} canary: ${version} for ${percent}% of borrowers (since ${new Date(since).toISOString()}, ` +
              `this share since ${new Date(stepSince).toISOString()}); control: ${entry.version} for ${100 - percent}%`,
          )
          // The split seen since this step: each side's clients, as the canary judge counts them (ADR 0059).
          if (store) {
            const name = federationName(pkg)
            const [canarySide, control] = await Promise.all(
              [version, entry.version].map((v) => store.baseline(name, v, stepSince, Date.now())),
            )
            console.log(
              `${''.padEnd(14)} seen: ${sampleRatio(canarySide.loads, control.loads, percent).says}`,
            )
          }
        }
        if (byWindow && entry) {
          // While a canary runs, its control beside the canary (the ops page alike).
          const lines = healthLines(
            federationName(pkg),
            entry.version,
            entry.canary?.version ?? entry.previous?.version ?? null,
            byWindow,
            entry.canary ? ['control', 'canary'] : undefined,
          )
          for (const line of lines) console.log(line)
        }
      }
      await store?.close()
      if (!store) console.log(`\nNo field health yet (${file}): the server writes it as pages report.`)
      return
    }
    default:
      console.log(USAGE)
      process.exitCode = command ? 1 : 0
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

import { existsSync } from 'node:fs'
import { buildPackage } from './build'
import { HealthStore, healthStoreFile } from '../health/health-store'
import { healthLines, WINDOWS } from '../health/health-table'
import { CDN_DIR, federationName, packageOf, REGISTRY_FILE, remotePackages, SHELL_DIST } from '../paths'
import { readRegistry, RegistryFileError, type RegistryDoc } from '../registry-file'
import { checkPages, releaseRemote, repairRegistry, rollbackRemote, versionsOnCdn } from './release'

const USAGE = `usage:
  pnpm release <remote>              build and publish one remote, point the registry at it
  pnpm rollback <remote> [version]   point a remote back (default: its previous version)
  pnpm remotes                       list current, previous and available versions, with field health
  pnpm pages:check                   rewrite every route page that disagrees with the registry, say which
  pnpm registry:repair               rebuild a registry.json that is not a registry from the route pages`

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
      // A registry the release could not update is reported before the build, not after it.
      readRegistry(REGISTRY_FILE)
      await buildPackage(pkg)
      const r = releaseRemote(pkg)
      console.log(
        r.changed
          ? `${pkg} → ${r.version} (previous: ${r.previous ?? 'none'})`
          : `${pkg}@${r.version} is already current; nothing changed`,
      )
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
      // Field health from the server's store (ADR 0033): the demo server's on PORT, or HEALTH_DB.
      const file = healthStoreFile(Number(process.env.PORT ?? 8080))
      const store = existsSync(file) ? new HealthStore(file, Date.now, { readOnly: true }) : null
      const byWindow = store ? WINDOWS.map((w) => store.versions(Date.now() - w.ms)) : []
      for (const pkg of remotePackages()) {
        const entry = doc?.remotes[federationName(pkg)]
        console.log(
          `${pkg.padEnd(14)} current: ${entry?.version ?? unknown}  previous: ${entry?.previous?.version ?? unknown}  available: ${versionsOnCdn(pkg).join(', ') || '-'}`,
        )
        if (store && entry) {
          const lines = healthLines(
            federationName(pkg),
            entry.version,
            entry.previous?.version ?? null,
            byWindow,
          )
          for (const line of lines) console.log(line)
        }
      }
      store?.close()
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

import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { CDN_DIR, REGISTRY_FILE, REMOTES_URL, ROOT_DIR, federationName } from './paths'
import { readRegistry, writeRegistry, type Pointer, type RegistryDoc } from './registry-file'

/** Every file under `dir` (recursively), sorted; none when it does not exist. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) out.push(...listFiles(full))
    else out.push(full)
  }
  return out.sort()
}

/** Content hash of a build folder: same files, same bytes → same hash. */
export function hashDir(dir: string): string {
  const hash = createHash('sha256')
  for (const file of listFiles(dir)) {
    hash.update(relative(dir, file))
    hash.update('\0')
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex').slice(0, 10)
}

export function pointerFor(pkg: string, version: string): Pointer {
  return { version, entry: `${REMOTES_URL}/${pkg}/${version}/mf-manifest.json` }
}

export function versionsOnCdn(pkg: string, cdnDir = CDN_DIR): string[] {
  const dir = join(cdnDir, pkg)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((v) => existsSync(join(dir, v, 'mf-manifest.json')))
    .sort((a, b) => statSync(join(dir, a)).mtimeMs - statSync(join(dir, b)).mtimeMs || a.localeCompare(b))
}

export interface ReleaseOptions {
  cdnDir?: string
  registryFile?: string
  /** Workspace root holding `<pkg>/dist` and `<pkg>/package.json`. */
  rootDir?: string
}

export interface ReleaseResult {
  remote: string
  version: string
  changed: boolean
  previous: string | null
}

/**
 * Publishes `<pkg>/dist` immutably as `cdn/<pkg>/<version>/` and points the registry at it, keeping the
 * old pointer as `previous`. Publishing the same build again changes nothing.
 */
export function releaseRemote(pkg: string, options: ReleaseOptions = {}): ReleaseResult {
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const rootDir = options.rootDir ?? ROOT_DIR
  const dist = join(rootDir, pkg, 'dist')
  if (!existsSync(join(dist, 'mf-manifest.json'))) {
    throw new Error(`${pkg} has no build (${relative(rootDir, dist)}/mf-manifest.json); run its build first`)
  }
  const pkgVersion = (
    JSON.parse(readFileSync(join(rootDir, pkg, 'package.json'), 'utf8')) as { version: string }
  ).version
  const version = `${pkgVersion}-${hashDir(dist)}`
  const target = join(cdnDir, pkg, version)
  if (!existsSync(target)) cpSync(dist, target, { recursive: true })
  const name = federationName(pkg)
  const doc: RegistryDoc = readRegistry(registryFile)
  const current = doc.remotes[name]
  const available = versionsOnCdn(pkg, cdnDir)
  if (current?.version === version) {
    if (current.available.join() !== available.join()) {
      doc.remotes[name] = { ...current, available }
      writeRegistry(registryFile, doc)
    }
    return { remote: name, version, changed: false, previous: current.previous?.version ?? null }
  }
  const previous = current ? { version: current.version, entry: current.entry } : null
  doc.remotes[name] = { ...pointerFor(pkg, version), previous, available }
  writeRegistry(registryFile, doc)
  return { remote: name, version, changed: true, previous: previous?.version ?? null }
}

/**
 * Points a remote back to `version` (default: its previous). The pointer it leaves becomes `previous`,
 * so a rollback is itself undone by another rollback.
 */
export function rollbackRemote(pkg: string, version?: string, options: ReleaseOptions = {}): ReleaseResult {
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const name = federationName(pkg)
  const doc = readRegistry(registryFile)
  const current = doc.remotes[name]
  if (!current) throw new Error(`${pkg} has never been released`)
  const targetVersion = version ?? current.previous?.version
  if (!targetVersion) throw new Error(`${pkg} has no previous version to roll back to`)
  const available = versionsOnCdn(pkg, cdnDir)
  if (!available.includes(targetVersion)) {
    throw new Error(
      `${pkg}@${targetVersion} does not exist on the CDN. Available: ${available.join(', ') || 'none'}`,
    )
  }
  if (targetVersion === current.version) {
    return {
      remote: name,
      version: targetVersion,
      changed: false,
      previous: current.previous?.version ?? null,
    }
  }
  doc.remotes[name] = {
    ...pointerFor(pkg, targetVersion),
    previous: { version: current.version, entry: current.entry },
    available,
  }
  writeRegistry(registryFile, doc)
  return { remote: name, version: targetVersion, changed: true, previous: current.version }
}

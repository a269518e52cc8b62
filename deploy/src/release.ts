import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { CDN_DIR, REGISTRY_FILE, REMOTES_URL, ROOT_DIR, SHELL_DIST, federationName } from './paths'
import { precompressDir, rewriteCompressed } from './precompress'
import { readRegistry, setRegistryEntry, type Pointer } from './registry-file'
import { pagesDirOf, writeRoutePages } from './route-pages'

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

/** Released versions of `pkg`, oldest first; a copy still in progress (a dot folder) is none. */
export function versionsOnCdn(pkg: string, cdnDir = CDN_DIR): string[] {
  const dir = join(cdnDir, pkg)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((v) => !v.startsWith('.') && existsSync(join(dir, v, 'mf-manifest.json')))
    .sort((a, b) => statSync(join(dir, a)).mtimeMs - statSync(join(dir, b)).mtimeMs || a.localeCompare(b))
}

const INCOMING = /^\.incoming-.+-(\d+)$/

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, it belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Copies `dist` to `target` so that `target` appears only complete: the copy goes to a dot folder next to
 * it (same file system, never listed or served) and is renamed into place. A copy left behind by a release
 * that died is removed here; one whose release is still running is left alone.
 */
function publishDir(dist: string, target: string): void {
  const parent = join(target, '..')
  if (existsSync(parent)) {
    for (const name of readdirSync(parent)) {
      const pid = INCOMING.exec(name)?.[1]
      if (pid && !alive(Number(pid))) rmSync(join(parent, name), { recursive: true, force: true })
    }
  }
  // A version published before its files had compressed copies gets them (ADR 0019).
  if (existsSync(target)) {
    precompressDir(target)
    return
  }
  const temp = join(parent, `.incoming-${relative(parent, target)}-${process.pid}`)
  rmSync(temp, { recursive: true, force: true })
  cpSync(dist, temp, { recursive: true })
  precompressDir(temp)
  try {
    renameSync(temp, target)
  } catch (error) {
    rmSync(temp, { recursive: true, force: true })
    // Another release published the same version meanwhile: same hash, same files.
    if (!existsSync(target)) throw error
  }
}

export interface ReleaseOptions {
  cdnDir?: string
  registryFile?: string
  /** Workspace root holding `<pkg>/dist` and `<pkg>/package.json`. */
  rootDir?: string
  /** The shell build whose route pages the release rewrites (default: shell/dist). */
  shellDir?: string
}

/**
 * Rewrites the pages of the remote's routes for the registry as it now is (ADR 0016): exactly those pages,
 * since a page carries only its own remote's entry.
 */
function rewritePages(name: string, options: ReleaseOptions, cdnDir: string, registryFile: string): void {
  rewriteCompressed(pagesDirOf(cdnDir), () =>
    writeRoutePages({
      cdnDir,
      registryFile,
      shellDir: options.shellDir ?? SHELL_DIST,
      remote: name,
    }),
  )
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
  const name = federationName(pkg)
  // Read first: a registry that cannot be updated stops the release before anything is published.
  const current = readRegistry(registryFile).remotes[name]
  publishDir(dist, join(cdnDir, pkg, version))
  const available = versionsOnCdn(pkg, cdnDir)
  if (current?.version === version) {
    if (current.available.join() !== available.join()) {
      setRegistryEntry(registryFile, name, { ...current, available })
    }
    rewritePages(name, options, cdnDir, registryFile)
    return { remote: name, version, changed: false, previous: current.previous?.version ?? null }
  }
  const previous = current ? { version: current.version, entry: current.entry } : null
  setRegistryEntry(registryFile, name, { ...pointerFor(pkg, version), previous, available })
  rewritePages(name, options, cdnDir, registryFile)
  return { remote: name, version, changed: true, previous: previous?.version ?? null }
}

/**
 * Points a remote back to `version` (default: its previous). The pointer it leaves becomes `previous`,
 * so a rollback is itself undone by another rollback. A remote without a usable entry (never released, or
 * its entry is malformed) can still be pointed at a named version: that is how such an entry is repaired.
 */
export function rollbackRemote(pkg: string, version?: string, options: ReleaseOptions = {}): ReleaseResult {
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const name = federationName(pkg)
  const current = readRegistry(registryFile).remotes[name]
  const available = versionsOnCdn(pkg, cdnDir)
  const targetVersion = version ?? current?.previous?.version
  if (!targetVersion) {
    throw new Error(
      current
        ? `${pkg} has no previous version to roll back to`
        : `${pkg} has no usable registry entry (never released, or its entry is malformed); name the ` +
            `version: pnpm rollback ${pkg} <version>. Available: ${available.join(', ') || 'none'}`,
    )
  }
  if (!available.includes(targetVersion)) {
    throw new Error(
      `${pkg}@${targetVersion} does not exist on the CDN. Available: ${available.join(', ') || 'none'}`,
    )
  }
  if (targetVersion === current?.version) {
    return {
      remote: name,
      version: targetVersion,
      changed: false,
      previous: current.previous?.version ?? null,
    }
  }
  const previous = current ? { version: current.version, entry: current.entry } : null
  setRegistryEntry(registryFile, name, { ...pointerFor(pkg, targetVersion), previous, available })
  rewritePages(name, options, cdnDir, registryFile)
  return { remote: name, version: targetVersion, changed: true, previous: previous?.version ?? null }
}

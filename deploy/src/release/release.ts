import { appendReleaseEvent, type ReleaseEvent } from './release-log'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { CDN_DIR, REGISTRY_FILE, REMOTES_URL, ROOT_DIR, SHELL_DIST, federationName } from '../paths'
import { parseRegistry } from 'shared/registry'
import { listFiles, writeAtomically } from '../files'

/** Re-exported for the benchmarks (`deploy/release`), which list a release's files. */
export { listFiles } from '../files'
import { precompressDir, precompressFile, rewriteCompressed } from './precompress'
import {
  isRegistryFile,
  manifestProblems,
  processAlive,
  readRegistry,
  replaceBrokenRegistry,
  setRegistryEntry,
  withRegistryLock,
  type Pointer,
  type RegistryDoc,
  type RegistryEntry,
} from '../registry-file'
import {
  canaryPagesDirOf,
  carriedRemotes,
  markDataPage,
  pagesDirOf,
  plannedRoutePages,
  writeRoutePages,
  type WritePagesOptions,
} from '../pages/route-pages'

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
      if (pid && !processAlive(Number(pid))) rmSync(join(parent, name), { recursive: true, force: true })
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
  /** Why, written into the release log (a rollback by the release watch says what it saw). */
  reason?: string
  /** A rollback only while this version is current (the release watch; a second watcher then does nothing). */
  onlyIfCurrent?: string
  /** An abort or a promotion only while this version is the canary (the canary watch). */
  onlyIfCanary?: string
}

/**
 * Writes route pages (every page, or one remote's with `remote`) and their compressed copies under the
 * registry lock, so that they are the registry's as it is while nothing else changes it (ADR 0016, 0024).
 */
export function publishPages(options: WritePagesOptions): string[] {
  const pagesDir = pagesDirOf(options.cdnDir)
  return withRegistryLock(options.registryFile, () =>
    rewriteCompressed(pagesDir, () => {
      const written = writeRoutePages(options)
      // The canary side's pages (ADR 0058) are in a dot folder, which compressing a folder passes by.
      precompressDir(canaryPagesDirOf(pagesDir))
      return written
    }),
  )
}

/**
 * Rewrites the pages of the remote's routes for the registry as it now is (ADR 0016): exactly those pages,
 * since a page carries only its own remote's entry. Called under the lock its registry change was made
 * under, so that the pages are that change's.
 */
export function rewritePages(
  name: string,
  options: ReleaseOptions,
  cdnDir: string,
  registryFile: string,
): void {
  publishPages({ cdnDir, registryFile, shellDir: options.shellDir ?? SHELL_DIST, remote: name })
}

/**
 * Refuses a version whose manifest would load a file from outside its own folder on this deployment: the
 * shell imports what the manifest names, so the check is made before anything points at it (ADR 0024).
 */
export function checkManifest(file: string, refused: string): void {
  let manifest: unknown
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${refused}: its mf-manifest.json is not JSON (${(error as Error).message})`)
  }
  const problems = manifestProblems(manifest)
  if (problems.length > 0) {
    throw new Error(
      `${refused}: in its mf-manifest.json, ${problems.join('; ')}. A remote's files come from its own ` +
        'version folder on this deployment (ADR 0024).',
    )
  }
}

export function logChange(
  cdnDir: string,
  kind: ReleaseEvent['kind'],
  remote: string,
  from: string | null,
  to: string,
  reason: string | undefined,
  percent?: number,
): void {
  appendReleaseEvent(cdnDir, {
    at: Date.now(),
    kind,
    remote,
    from,
    to,
    ...(percent !== undefined ? { percent } : {}),
    ...(reason ? { reason } : {}),
  })
}

/** Why a release or rollback waits for a running canary to be promoted or aborted (ADR 0058). */
export function canaryRunning(pkg: string, canary: { version: string; percent: number }): Error {
  return new Error(
    `${pkg} has a canary of ${canary.version} on ${canary.percent}% of borrowers. Promote it ` +
      `(pnpm release ${pkg} --promote) or abort it (pnpm release ${pkg} --abort) first; nothing was changed.`,
  )
}

export interface ReleaseResult {
  remote: string
  version: string
  changed: boolean
  previous: string | null
}

/** The pointer a release or rollback leaves as `previous`: the current one (always this deployment's). */
export const previousOf = (current: RegistryEntry | undefined): Pointer | null =>
  current ? { version: current.version, entry: current.entry } : null

/** A remote's build as published: its version folder on the CDN, ready to be pointed at. */
export interface Published {
  pkg: string
  /** Its federation name, the registry's key. */
  name: string
  version: string
  cdnDir: string
  registryFile: string
}

/**
 * Publishes `<pkg>/dist` immutably as `cdn/<pkg>/<version>/` (the version is the package's and a hash of the
 * build), outside the registry lock; nothing points at it yet. Refuses a build without a manifest, one whose
 * manifest loads files from elsewhere, and (first) a registry the release could not update.
 */
export function publishBuild(pkg: string, options: ReleaseOptions = {}): Published {
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const rootDir = options.rootDir ?? ROOT_DIR
  const dist = join(rootDir, pkg, 'dist')
  if (!existsSync(join(dist, 'mf-manifest.json'))) {
    throw new Error(`${pkg} has no build (${relative(rootDir, dist)}/mf-manifest.json); run its build first`)
  }
  checkManifest(join(dist, 'mf-manifest.json'), `${pkg}'s build cannot be released`)
  const pkgVersion = (
    JSON.parse(readFileSync(join(rootDir, pkg, 'package.json'), 'utf8')) as { version: string }
  ).version
  const version = `${pkgVersion}-${hashDir(dist)}`
  // Read first: a registry that cannot be updated stops the release before anything is published.
  readRegistry(registryFile)
  publishDir(dist, join(cdnDir, pkg, version))
  return { pkg, name: federationName(pkg), version, cdnDir, registryFile }
}

/**
 * Publishes `<pkg>/dist` immutably as `cdn/<pkg>/<version>/` and points the registry at it, keeping the
 * old pointer as `previous`. Publishing the same build again changes nothing. The copy is made outside the
 * registry lock; the registry is read, changed and written, and the remote's pages rewritten, under it. A
 * running canary of the remote stops it (ADR 0058): promote or abort it first.
 */
export function releaseRemote(pkg: string, options: ReleaseOptions = {}): ReleaseResult {
  const { name, version, cdnDir, registryFile } = publishBuild(pkg, options)
  return withRegistryLock(registryFile, () => {
    // Read again under the lock: another team's release may have changed the registry since.
    const current = readRegistry(registryFile).remotes[name]
    if (current?.canary) throw canaryRunning(pkg, current.canary)
    const available = versionsOnCdn(pkg, cdnDir)
    if (current?.version === version) {
      if (current.available.join() !== available.join()) {
        setRegistryEntry(registryFile, name, { ...current, available })
      }
      rewritePages(name, options, cdnDir, registryFile)
      return { remote: name, version, changed: false, previous: current.previous?.version ?? null }
    }
    const previous = previousOf(current)
    setRegistryEntry(registryFile, name, { ...pointerFor(pkg, version), previous, available })
    rewritePages(name, options, cdnDir, registryFile)
    logChange(cdnDir, 'release', name, previous?.version ?? null, version, options.reason)
    return { remote: name, version, changed: true, previous: previous?.version ?? null }
  })
}

/**
 * Points a remote back to `version` (default: its previous). The pointer it leaves becomes `previous`,
 * so a rollback is itself undone by another rollback. A remote without a usable entry (never released, or
 * its entry is malformed or points outside the deployment) can still be pointed at a named version: that is
 * how such an entry is repaired. A rollback to the version already current writes that version's own entry
 * again (an entry edited by hand is put back) and rewrites the remote's pages all the same: that is how ops
 * make sure the pages say what the registry says.
 */
export function rollbackRemote(pkg: string, version?: string, options: ReleaseOptions = {}): ReleaseResult {
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const name = federationName(pkg)
  return withRegistryLock(registryFile, () => {
    const current = readRegistry(registryFile).remotes[name]
    if (options.onlyIfCurrent !== undefined && current?.version !== options.onlyIfCurrent) {
      const now = current?.version ?? '-'
      return { remote: name, version: now, changed: false, previous: current?.previous?.version ?? null }
    }
    // A rollback while a canary runs ends it first (ADR 0058): asked by hand without a version, that is all
    // it does; the release watch's (a failing release under the canary) goes on to roll the release back.
    if (current?.canary) {
      abortCanary(pkg, { ...options, reason: options.reason ?? 'rollback' })
      if (!version && options.onlyIfCurrent === undefined) {
        return {
          remote: name,
          version: current.version,
          changed: true,
          previous: current.previous?.version ?? null,
        }
      }
    }
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
    checkManifest(
      join(cdnDir, pkg, targetVersion, 'mf-manifest.json'),
      `${pkg}@${targetVersion} cannot be pointed at`,
    )
    const same = targetVersion === current?.version
    const previous = same ? current.previous : previousOf(current)
    const entry = { ...pointerFor(pkg, targetVersion), previous, available }
    if (!same || JSON.stringify(entry) !== JSON.stringify(current))
      setRegistryEntry(registryFile, name, entry)
    rewritePages(name, options, cdnDir, registryFile)
    if (!same) logChange(cdnDir, 'rollback', name, current?.version ?? null, targetVersion, options.reason)
    return { remote: name, version: targetVersion, changed: !same, previous: previous?.version ?? null }
  })
}

export interface AbortResult {
  remote: string
  /** The version every borrower loads again. */
  version: string
  /** The canary that was stopped, null when none was running. */
  aborted: string | null
}

/**
 * Ends a remote's canary (ADR 0058): every borrower back on the entry's own version, the canary's pages gone,
 * the entry as it was before the canary (its `available` still lists the canary's folder, which stays on the
 * CDN). Under the registry lock; the reason goes to the release log. Nothing when no canary runs.
 */
export function abortCanary(pkg: string, options: ReleaseOptions = {}): AbortResult {
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const name = federationName(pkg)
  return withRegistryLock(registryFile, () => {
    const current = readRegistry(registryFile).remotes[name]
    if (!current) throw new Error(`${pkg} has no usable registry entry; there is no canary to abort`)
    const canary = current.canary
    const other = options.onlyIfCanary !== undefined && canary?.version !== options.onlyIfCanary
    if (!canary || other) return { remote: name, version: current.version, aborted: null }
    const { canary: _stopped, ...entry } = current
    setRegistryEntry(registryFile, name, { ...entry, available: versionsOnCdn(pkg, cdnDir) })
    rewritePages(name, options, cdnDir, registryFile)
    logChange(cdnDir, 'abort', name, canary.version, current.version, options.reason, canary.percent)
    return { remote: name, version: current.version, aborted: canary.version }
  })
}

/** What `checkPages` found wrong with one page, and so rewrote (or removed). */
export interface PageRepair {
  path: string
  problem: string
}

/** The version a page's inline entry names for `remote`, or null. */
function carriedVersion(html: string | null, remote: string): string | null {
  const entry = html === null ? null : carriedRemotes(html)?.[remote]
  const version = entry && typeof entry === 'object' ? (entry as { version?: unknown }).version : null
  return typeof version === 'string' ? version : null
}

/** Why a written page is not the page the registry gives. */
function pageProblem(written: string, expected: string | null, remote: string | null): string {
  if (expected === null) return `no release of ${remote} has this page; removed`
  if (remote) {
    const had = carriedVersion(written, remote)
    const wants = carriedVersion(expected, remote)
    if (had !== wants) {
      if (!had) return `carried no ${remote} entry; the registry says ${wants}`
      return wants
        ? `carried ${remote} ${had}; the registry says ${wants}`
        : `carried ${remote} ${had}; the registry has no usable entry for it`
    }
  }
  return 'differed from the page the registry, the releases and the shell build give (rewritten)'
}

const DECOMPRESS = { '.br': brotliDecompressSync, '.gz': gunzipSync } as const

/** The compressed copy of `file` that is missing or not `html` (ADR 0019), if any. */
function staleCopy(file: string, html: string): string | null {
  for (const [suffix, decompress] of Object.entries(DECOMPRESS)) {
    try {
      if (decompress(readFileSync(file + suffix)).toString() !== html) return suffix
    } catch {
      return suffix
    }
  }
  return null
}

/**
 * `pnpm pages:check`: every route page (and standalone page) against the page the registry, the releases and
 * the shell build give now, with the settings the pages were written with; a page that differs or is missing
 * is rewritten, one that should not exist removed, a compressed copy that is not its page made again. Under the
 * registry lock; refuses a registry that is not one (RegistryFileError). Null when the shell is not built.
 */
export function checkPages(
  options: Omit<WritePagesOptions, 'remote' | 'settings'>,
): { checked: string[]; repaired: PageRepair[] } | null {
  return withRegistryLock(options.registryFile, () => {
    readRegistry(options.registryFile)
    const plan = plannedRoutePages(options)
    if (!plan) return null
    const repaired: PageRepair[] = []
    for (const page of plan.pages) {
      const written = existsSync(page.file) ? readFileSync(page.file, 'utf8') : null
      if (written === page.html) {
        const copy = page.html === null ? null : staleCopy(page.file, page.html)
        const path = page.canary ? `${page.path} (canary side)` : page.path
        if (copy) {
          precompressFile(page.file)
          repaired.push({ path, problem: `its ${copy} copy was not the page` })
        }
        // What tells nginx to ask the render service for it (ADR 0055).
        if (markDataPage(page)) repaired.push({ path, problem: 'its data marker was not the page' })
        continue
      }
      repaired.push({
        path: page.canary ? `${page.path} (canary side)` : page.path,
        problem: written === null ? 'missing' : pageProblem(written, page.html, page.remote),
      })
      // The copies go first: nginx must never send a new page's old copy (ADR 0019).
      for (const suffix of Object.keys(DECOMPRESS)) rmSync(page.file + suffix, { force: true })
      if (page.html === null) rmSync(page.file, { force: true })
      else {
        writeAtomically(page.file, page.html)
        precompressFile(page.file)
      }
      markDataPage(page)
    }
    return { checked: plan.pages.filter((p) => p.html !== null).map((p) => p.path), repaired }
  })
}

export interface RegistryRepair {
  /** The broken file, renamed beside the new registry. */
  setAside: string
  restored: { pkg: string; version: string; previous: string | null }[]
  /** Remotes no page gave a usable pointer for: each is pointed with `pnpm rollback <pkg> <version>`. */
  missing: { pkg: string; available: string[] }[]
}

/** The registry entries a remote's route pages carry, the most recently written page's first. */
function pagePointers(cdnDir: string, name: string): unknown[] {
  const pagesDir = pagesDirOf(cdnDir)
  if (!existsSync(pagesDir)) return []
  return readdirSync(pagesDir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ file: join(pagesDir, file), mtime: statSync(join(pagesDir, file)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
    .map(({ file }) => carriedRemotes(readFileSync(file, 'utf8'))?.[name])
    .filter((entry) => entry !== undefined)
}

/**
 * `pnpm registry:repair`: a registry file that is not a registry (ADR 0011) is rebuilt from the pointers the
 * route pages carry. Every release and rollback rewrites its remote's pages from the registry it has just
 * written, under the same lock, so the newest page of a remote holds that remote's last pointer; it is taken
 * when its version (and its previous's) is on the CDN with a manifest of its own. A remote no page gives is
 * left out and named, for `pnpm rollback <pkg> <version>`. The broken file is kept beside the new one. Null
 * when the file is a registry (a malformed entry is its own remote's to repair, ADR 0011).
 */
export function repairRegistry(pkgs: string[], options: ReleaseOptions = {}): RegistryRepair | null {
  const cdnDir = options.cdnDir ?? CDN_DIR
  const registryFile = options.registryFile ?? REGISTRY_FILE
  return withRegistryLock(registryFile, () => {
    if (isRegistryFile(registryFile)) return null
    const registry: RegistryDoc = { remotes: {} }
    const restored: RegistryRepair['restored'] = []
    const missing: RegistryRepair['missing'] = []
    for (const pkg of pkgs) {
      const name = federationName(pkg)
      const available = versionsOnCdn(pkg, cdnDir)
      const usable = (pointer: Pointer | null | undefined) =>
        !!pointer &&
        available.includes(pointer.version) &&
        manifestProblems(readJsonOrNull(join(cdnDir, pkg, pointer.version, 'mf-manifest.json'))).length === 0
      // The page's entry, read as the tools read the registry: well-formed and this deployment's.
      const newest = pagePointers(cdnDir, name)
        .map((entry) => parseRegistry({ remotes: { [name]: entry } }).remotes[name])
        .find((entry) => entry !== undefined)
      if (!newest || !usable(newest)) {
        missing.push({ pkg, available })
        continue
      }
      const previous = usable(newest.previous) ? pointerFor(pkg, newest.previous!.version) : null
      registry.remotes[name] = { ...pointerFor(pkg, newest.version), previous, available }
      restored.push({ pkg, version: newest.version, previous: previous?.version ?? null })
    }
    return { setAside: replaceBrokenRegistry(registryFile, registry), restored, missing }
  })
}

function readJsonOrNull(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

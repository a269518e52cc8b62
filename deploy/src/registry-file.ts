import { randomUUID } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import {
  DEPLOYMENT_ORIGIN,
  parseRegistry,
  resolvesInside,
  type Registry,
  type RegistryEntry,
  type RemotePointer,
} from 'shared/registry'
import { readBuilt } from './built-file'
import { writeAtomically } from './files'
import { REMOTES_URL } from './paths'

export type RegistryDoc = Registry
export type { RegistryEntry }
export type Pointer = RemotePointer

/**
 * A registry file that is not a registry at all (not JSON, not an object, `remotes` not an object). The
 * release tools refuse to write over it: rebuilding it from what they could read would drop every other
 * remote's pointer (ADR 0011).
 */
export class RegistryFileError extends Error {
  constructor(file: string, reason: string) {
    super(
      `${file} is not a valid registry (${reason}). Nothing was changed: writing a new one would drop the ` +
        `other remotes' pointers. Meanwhile each route page keeps the entry it was written with, and a ` +
        `remote reached by in-app navigation cannot load. Repair it ` +
        'with `pnpm registry:repair` (it rebuilds the pointers from the route pages, which every release ' +
        'and rollback writes, and keeps the broken file beside it), or fix the file or restore it from a ' +
        'backup; then run the command again.',
    )
    this.name = 'RegistryFileError'
  }
}

type Raw = { raw: Record<string, unknown> } | { problem: string }

/** The file's JSON when it has a registry's shape; its entries are checked one by one later (parseRegistry). */
function rawRegistry(text: string): Raw {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return { problem: `not JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { problem: 'not a JSON object' }
  const remotes = (raw as Record<string, unknown>).remotes
  if (remotes !== undefined && (!remotes || typeof remotes !== 'object' || Array.isArray(remotes))) {
    return { problem: '"remotes" is not an object' }
  }
  return { raw: raw as Record<string, unknown> }
}

function readRaw(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {}
  const read = rawRegistry(readFileSync(file, 'utf8'))
  if ('problem' in read) throw new RegistryFileError(file, read.problem)
  return read.raw
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/**
 * What in a remote build's `mf-manifest.json` would load a file from outside its version folder: the remote
 * entry the shell imports (`path` + `name`, joined as the shell and the page writer join them), the other
 * entries, `publicPath` and every asset the manifest lists. `getPublicPath` is code that decides where files
 * come from, so it is refused outright. Nothing, for a manifest whose files are all its own.
 */
export function manifestProblems(manifest: unknown): string[] {
  if (!isRecord(manifest)) return ['not a manifest']
  const folder = `${DEPLOYMENT_ORIGIN}${REMOTES_URL}/remote/version/`
  const base = `${folder}mf-manifest.json`
  const problems: string[] = []
  const check = (what: string, url: unknown) => {
    if (typeof url !== 'string' || !resolvesInside(url, base, folder)) {
      problems.push(`${what} ${JSON.stringify(url)} is outside its version folder`)
    }
  }
  const meta = isRecord(manifest.metaData) ? manifest.metaData : {}
  for (const key of ['remoteEntry', 'ssrRemoteEntry', 'varRemoteEntry']) {
    const entry = meta[key]
    if (entry === undefined && key !== 'remoteEntry') continue
    if (!isRecord(entry) || typeof entry.name !== 'string' || !entry.name) {
      problems.push(`no ${key}`)
      continue
    }
    const path = typeof entry.path === 'string' && entry.path ? entry.path.replace(/\/?$/, '/') : ''
    check(key, `${path}${entry.name}`)
  }
  if (meta.publicPath !== undefined && meta.publicPath !== 'auto') check('publicPath', meta.publicPath)
  if (meta.getPublicPath !== undefined)
    problems.push('getPublicPath is set (code that picks where the files come from)')
  for (const group of ['exposes', 'shared'] as const) {
    const items = Array.isArray(manifest[group]) ? (manifest[group] as unknown[]) : []
    for (const item of items.filter(isRecord)) {
      const assets = isRecord(item.assets) ? item.assets : {}
      for (const kind of [assets.js, assets.css].filter(isRecord)) {
        for (const list of [kind.sync, kind.async]) {
          if (!Array.isArray(list)) continue
          for (const asset of list) check(`${group} ${String(item.path ?? item.name)} asset`, asset)
        }
      }
    }
  }
  return problems
}

/**
 * The registry for the release tools: empty when the file does not exist yet, its well-formed entries of
 * this deployment when some are not (each dropped one is reported), and a RegistryFileError when the file is
 * not a registry.
 */
export function readRegistry(file: string): RegistryDoc {
  return parseRegistry(readRaw(file))
}

/** Whether the registry file has a registry's shape (its entries aside): what `pnpm registry:repair` asks. */
export function isRegistryFile(file: string): boolean {
  return !existsSync(file) || 'raw' in rawRegistry(readFileSync(file, 'utf8'))
}

/**
 * The lock every change to the registry and to the route pages is made under (ADR 0024): two teams release
 * two remotes at the same moment from two shells, each reads the registry, changes its own entry and writes
 * the whole file back; without it, the later write drops the earlier one's pointer, and one release's page
 * rewrite can carry the other's view of the registry. A file created with O_EXCL next to the registry (a dot
 * name: never listed or served), holding who took it.
 */
export const lockFileOf = (registryFile: string) =>
  join(dirname(registryFile), `.${basename(registryFile)}.lock`)

/** How long a command waits for another's lock before it gives up, with the holder named. */
const LOCK_WAIT_MS = 30_000
/**
 * After this long a lock is taken whoever holds it (another machine sharing the CDN folder, a pid reused
 * since). A holder writes one registry entry and one remote's pages: seconds, never a minute.
 */
const LOCK_STALE_MS = 60_000
/** A breaker's own lock, held for the few microseconds of re-reading and removing a stale lock. */
const BREAKER_STALE_MS = 10_000

export interface LockOptions {
  waitMs?: number
  staleMs?: number
}

interface Holder {
  pid: number
  host: string
  since: number
  token: string
}

export class RegistryLockError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RegistryLockError'
  }
}

/** Registry files this process holds the lock of, with the token its lock file carries. */
const held = new Map<string, string>()

/** Whether process `pid` is running on this machine. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, it belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code

/** The lock file as it is now: its identity (to tell one lock from the next), its holder when readable. */
function readLock(file: string): { identity: string; holder: Holder | null; since: number } | null {
  try {
    const { ino, mtimeMs } = statSync(file)
    const text = readFileSync(file, 'utf8')
    let holder: Holder | null = null
    try {
      const value = JSON.parse(text) as Partial<Holder>
      if (typeof value.pid === 'number' && typeof value.since === 'number') holder = value as Holder
    } catch {
      // Empty or cut short: its holder is writing it now, or died as it did.
    }
    return { identity: `${ino}:${mtimeMs}:${text}`, holder, since: holder?.since ?? mtimeMs }
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null
    throw error
  }
}

/**
 * Removes a stale lock, unless it has changed since it was read: another waiter may have removed it and
 * taken the lock meanwhile. Breakers take turns through a second O_EXCL file.
 */
function breakStale(file: string, identity: string): void {
  const breaker = `${file}.break`
  try {
    closeSync(openSync(breaker, 'wx'))
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error
    const left = readLock(breaker)
    if (left && Date.now() - left.since > BREAKER_STALE_MS) rmSync(breaker, { force: true })
    return
  }
  try {
    if (readLock(file)?.identity === identity) rmSync(file, { force: true })
  } finally {
    rmSync(breaker, { force: true })
  }
}

function acquire(file: string, { waitMs = LOCK_WAIT_MS, staleMs = LOCK_STALE_MS }: LockOptions): string {
  mkdirSync(dirname(file), { recursive: true })
  const started = Date.now()
  const me: Holder = { pid: process.pid, host: hostname(), since: started, token: randomUUID() }
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      try {
        writeSync(fd, JSON.stringify({ ...me, since: Date.now() }))
      } finally {
        closeSync(fd)
      }
      return me.token
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error
    }
    const lock = readLock(file)
    if (!lock) continue
    const { holder } = lock
    const dead = holder?.host === hostname() && holder.pid !== process.pid && !processAlive(holder.pid)
    if (dead || Date.now() - lock.since > staleMs) {
      breakStale(file, lock.identity)
      continue
    }
    const waited = Date.now() - started
    if (waited >= waitMs) {
      const who = holder
        ? `pid ${holder.pid} on ${holder.host}, for ${Math.round((Date.now() - holder.since) / 1000)} s`
        : 'a process that is creating it'
      throw new RegistryLockError(
        `Another release or rollback (${who}) holds ${file}; waited ${waitMs / 1000} s. Run the command ` +
          `again when it has finished. A lock whose process has died is taken at once, any lock after ` +
          `${staleMs / 1000} s; remove the file by hand only if no release, rollback or pages:check is running.`,
      )
    }
    // Some jitter, so that waiters do not retry in step.
    sleep(Math.min(waitMs - waited, 20 + Math.random() * 30 + Math.min(attempt, 10) * 5))
  }
}

/**
 * Runs `fn` holding the registry's lock: at most one release, rollback, repair or pages check changes the
 * registry or the route pages at a time, across processes. Waits for another holder (30 s by default), takes
 * the lock of a process that has died, or of any holder after 60 s. Re-entrant within a process.
 */
export function withRegistryLock<T>(registryFile: string, fn: () => T, options: LockOptions = {}): T {
  const key = resolve(registryFile)
  if (held.has(key)) return fn()
  const file = lockFileOf(key)
  const token = acquire(file, options)
  held.set(key, token)
  try {
    return fn()
  } finally {
    held.delete(key)
    // Only our own: a lock taken from us as stale is its new holder's now.
    if (readLock(file)?.holder?.token === token) rmSync(file, { force: true })
  }
}

/** Fails unless this process holds the registry's lock now (a lock held past the stale age may be taken). */
function assertLockHeld(registryFile: string): void {
  const key = resolve(registryFile)
  const token = held.get(key)
  if (!token) throw new Error(`${registryFile} is written only under the registry lock (withRegistryLock)`)
  if (readLock(lockFileOf(key))?.holder?.token !== token) {
    throw new RegistryLockError(
      `This command no longer holds the registry lock of ${registryFile} (it held it longer than the stale ` +
        'age and another command took it); nothing more was written. Check with `pnpm remotes`, then run it again.',
    )
  }
}

/**
 * Points one remote's entry at `entry` and leaves everything else in the file as it was, malformed entries
 * of other remotes included: a release of one remote never repairs, drops or rewrites another's pointer.
 * Only under the registry lock (`withRegistryLock`), and written to a temp file and renamed, so a reader never
 * sees half a registry.
 */
export function setRegistryEntry(file: string, remote: string, entry: RegistryEntry): void {
  assertLockHeld(file)
  const raw = readRaw(file)
  const remotes = { ...((raw.remotes as Record<string, unknown> | undefined) ?? {}), [remote]: entry }
  writeAtomically(file, `${JSON.stringify({ ...raw, remotes }, null, 2)}\n`, { durable: true })
}

/**
 * Replaces a file that is not a registry (`pnpm registry:repair`): the broken file is renamed aside, to a dot
 * name beside it that no server sends, and the new registry written in its place. Returns the broken file's
 * new name.
 */
export function replaceBrokenRegistry(file: string, registry: RegistryDoc): string {
  assertLockHeld(file)
  const aside = join(
    dirname(file),
    `.${basename(file)}.broken-${new Date().toISOString().replace(/[:.]/g, '-')}`,
  )
  renameSync(file, aside)
  writeAtomically(file, `${JSON.stringify(registry, null, 2)}\n`, { durable: true })
  return aside
}

/**
 * The registry a page carries inline: null when the file is missing or is not a registry, so the shell
 * falls back to its own copy; otherwise its well-formed entries of this deployment. Read again only when the
 * file changes, so a broken file is reported once, not on every page.
 */
export function readPageRegistry(file: string): RegistryDoc | null {
  return readBuilt(file, (text) => {
    const read = rawRegistry(text)
    if ('raw' in read) return parseRegistry(read.raw)
    console.warn(`[registry] ${file} is ${read.problem}; pages carry no registry (the shell uses its own)`)
    return null
  })
}

import { isCompatibleContract, type RemoteApp } from 'shared/contract'
import type { Registry, RemotePointer } from './registry'

export type LoadStage = 'manifest' | 'entry' | 'contract' | 'ready'

/** One attempt to load one version of a remote, kept for diagnostics. */
export interface LoadRecord {
  remote: string
  version: string
  stage: LoadStage
  ok: boolean
  durationMs: number
  error?: string
  at: number
}

/** The parts of the Module Federation runtime the loader uses (injected so tests need no real runtime). */
export interface FederationRuntime {
  registerRemotes(
    remotes: { name: string; entry: string; type: 'module' }[],
    options: { force: boolean },
  ): void
  loadRemote<T>(id: string): Promise<T | null>
}

export interface LoadedRemote {
  app: RemoteApp
  version: string
  /** The pointer that failed first when this is a fallback. */
  fellBackFrom: string | null
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    readonly records: LoadRecord[],
  ) {
    super(`${remote} could not be loaded`)
  }
}

class StageError extends Error {
  constructor(
    readonly stage: LoadStage,
    message: string,
  ) {
    super(message)
  }
}

export interface LoaderOptions {
  registry: () => Registry
  runtime: FederationRuntime
  fetchFn?: typeof fetch
  /** Per-version limit for manifest + entry + module (a hung remote must not hang the route). */
  timeoutMs?: number
  /**
   * Limit for one route's whole load, fallback included: a borrower sees the retry screen by then at the
   * latest. The fallback always gets at least `minFallbackMs` of it.
   */
  deadlineMs?: number
  minFallbackMs?: number
  /** Versions forced by the QA override for this session. */
  overrides?: Record<string, string>
  now?: () => number
  onRecord?: (record: LoadRecord) => void
  onFallback?: (remote: string, from: string, to: string) => void
}

function withTimeout<T>(promise: Promise<T>, ms: number, stage: LoadStage): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StageError(stage, `timed out after ${Math.round(ms)} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

function bust(url: string, attempt: number): string {
  const u = new URL(url, document.baseURI)
  if (attempt) u.searchParams.set('r', String(attempt))
  return u.href
}

interface Manifest {
  metaData: { remoteEntry: { name: string; path: string } }
}

function readManifest(raw: unknown): Manifest {
  const entry = (raw as { metaData?: { remoteEntry?: { name?: unknown; path?: unknown } } } | null)?.metaData
    ?.remoteEntry
  if (!entry || typeof entry.name !== 'string' || !entry.name) {
    throw new StageError('manifest', 'manifest has no remote entry')
  }
  return {
    metaData: { remoteEntry: { name: entry.name, path: typeof entry.path === 'string' ? entry.path : '' } },
  }
}

function isRemoteApp(value: unknown): value is RemoteApp {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return ['bootstrap', 'mount', 'unmount'].every((k) => typeof v[k] === 'function')
}

/**
 * Loads remotes at runtime from the registry: the current version, then `previous` when the current one
 * fails at any stage. Retries of the same route bust caches (a failed `import()` is cached per URL).
 */
export function createRemoteLoader(options: LoaderOptions) {
  const fetchFn = options.fetchFn ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const defaultTimeout = options.timeoutMs ?? 5000
  const deadlineMs = options.deadlineMs ?? 8000
  const minFallbackMs = options.minFallbackMs ?? 3000
  const now = options.now ?? (() => performance.now())
  const records: LoadRecord[] = []
  const loaded = new Map<string, Promise<LoadedRemote>>()
  const attempts = new Map<string, number>()

  const record = (entry: Omit<LoadRecord, 'at'>) => {
    const full = { ...entry, at: Date.now() }
    records.push(full)
    options.onRecord?.(full)
  }

  const loadVersion = async (
    name: string,
    target: RemotePointer,
    attempt: number,
    timeoutMs: number,
  ): Promise<RemoteApp> => {
    const started = now()
    let stage: LoadStage = 'manifest'
    try {
      const manifestUrl = new URL(bust(target.entry, attempt))
      const response = await withTimeout(
        fetchFn(manifestUrl.href, { cache: attempt ? 'reload' : 'default' }),
        timeoutMs,
        stage,
      )
      if (!response.ok) throw new StageError(stage, `manifest answered ${response.status}`)
      // A CDN that sends headers and then stalls must not hang the route either.
      const body = response.json().catch(() => null)
      const manifest = readManifest(
        await withTimeout(body, Math.max(1, timeoutMs - (now() - started)), stage),
      )
      stage = 'entry'
      const { path, name: file } = manifest.metaData.remoteEntry
      const entryUrl = new URL(`${path ? `${path.replace(/\/?$/, '/')}` : ''}${file}`, manifestUrl)
      entryUrl.search = attempt ? `?r=${attempt}` : ''
      options.runtime.registerRemotes([{ name, entry: entryUrl.href, type: 'module' }], { force: true })
      const remaining = Math.max(1, timeoutMs - (now() - started))
      const mod = await withTimeout(options.runtime.loadRemote<unknown>(`${name}/app`), remaining, stage)
      if (!isRemoteApp(mod)) throw new StageError(stage, 'module does not export single-spa lifecycles')
      stage = 'contract'
      if (!isCompatibleContract(mod.contract)) {
        throw new StageError(stage, `incompatible contract ${String(mod.contract)}`)
      }
      record({
        remote: name,
        version: target.version,
        stage: 'ready',
        ok: true,
        durationMs: Math.round(now() - started),
      })
      return mod
    } catch (error) {
      const failedStage = error instanceof StageError ? error.stage : stage
      record({
        remote: name,
        version: target.version,
        stage: failedStage,
        ok: false,
        durationMs: Math.round(now() - started),
        error: error instanceof Error ? error.message : String(error),
      })
      throw error
    }
  }

  const candidates = (name: string): RemotePointer[] => {
    const entry = options.registry().remotes[name]
    if (!entry) return []
    const override = options.overrides?.[name]
    if (override && entry.available.includes(override)) {
      const base = entry.entry.replace(/[^/]+\/mf-manifest\.json(\?.*)?$/, '')
      return [{ version: override, entry: `${base}${override}/mf-manifest.json` }]
    }
    return entry.previous ? [entry, entry.previous] : [entry]
  }

  const loadFresh = async (name: string, attempt: number): Promise<LoadedRemote> => {
    const list = candidates(name)
    const start = records.length
    const began = now()
    for (const [index, target] of list.entries()) {
      const left = deadlineMs - (now() - began)
      // The current version may not eat the fallback's time; the fallback gets what is left (at least a floor).
      const budget =
        index === 0 && list.length > 1
          ? Math.min(defaultTimeout, Math.max(1, deadlineMs - minFallbackMs))
          : Math.min(defaultTimeout, Math.max(minFallbackMs, left))
      try {
        const app = await loadVersion(name, target, attempt, budget)
        if (index > 0) options.onFallback?.(name, list[0].version, target.version)
        return { app, version: target.version, fellBackFrom: index > 0 ? list[0].version : null }
      } catch {
        // Try the next candidate.
      }
    }
    if (list.length === 0) {
      record({
        remote: name,
        version: '-',
        stage: 'manifest',
        ok: false,
        durationMs: 0,
        error: 'not in the registry',
      })
    }
    throw new RemoteUnavailableError(name, records.slice(start))
  }

  return {
    /** Loads (once) a remote; a rejected load is forgotten so `retry` can try again. */
    load(name: string): Promise<LoadedRemote> {
      const cached = loaded.get(name)
      if (cached) return cached
      const attempt = attempts.get(name) ?? 0
      const promise = loadFresh(name, attempt)
      loaded.set(name, promise)
      promise.catch(() => {
        loaded.delete(name)
        attempts.set(name, attempt + 1)
      })
      return promise
    },
    records: (): readonly LoadRecord[] => records,
  }
}

export type RemoteLoader = ReturnType<typeof createRemoteLoader>

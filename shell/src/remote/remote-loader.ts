import { isCompatibleContract, type RemoteApp } from 'shared/contract'
import type { Registry, RemotePointer } from 'shared/registry'
import { withProgressTimeout, type ProgressLimits } from './progress-timeout'

/** `runtime`: the shell's own federation runtime could not be loaded (no version of any remote can load). */
export type LoadStage = 'manifest' | 'runtime' | 'entry' | 'contract' | 'ready'

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

/**
 * The parts of the Module Federation runtime the loader uses (injected so tests need no real runtime). The
 * shell's runtime is itself loaded on first use, hence the promises.
 */
export interface FederationRuntime {
  registerRemotes(
    remotes: { name: string; entry: string; type: 'module' }[],
    options: { force: boolean },
  ): void | Promise<void>
  loadRemote<T>(id: string): Promise<T | null>
  /**
   * Resolves once the runtime itself is loaded and initialised (the shell downloads it on first use); rejects
   * when it cannot be. Called as a remote's load begins, so it downloads alongside the manifest.
   */
  ready?(): Promise<void>
  /**
   * True once the runtime's own code failed to load: the browser keeps a failed `import()` for the
   * document's lifetime, so only a reload of the page can fetch it again.
   */
  failed?(): boolean
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

/** Neither the live nor the baked registry lists the remote: it has not been released yet. */
export class RemoteNotReleasedError extends RemoteUnavailableError {}

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
  /**
   * A version fails when none of its files arrives for this long (a hung remote). A slow network that keeps
   * delivering files is not hung: the timer restarts on every file of that version that arrives.
   */
  timeoutMs?: number
  /** Hard limit for one version, however much it keeps delivering. */
  maxMs?: number
  /** Calls `onActivity` whenever a file under `prefix` has arrived; returns the unsubscribe function. */
  watchActivity?: (prefix: string, onActivity: () => void) => () => void
  /** Manifests the page already carries (inlined by the server), by registry entry URL; used on a first try. */
  manifests?: Readonly<Record<string, unknown>>
  /** Versions forced by the QA override for this session. */
  overrides?: Record<string, string>
  now?: () => number
  onRecord?: (record: LoadRecord) => void
  onFallback?: (remote: string, from: string, to: string) => void
}

/** Browser default for `watchActivity`: resource timing entries of files under `prefix`. */
export function resourceActivity(prefix: string, onActivity: () => void): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => undefined
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name.startsWith(prefix))) onActivity()
  })
  try {
    observer.observe({ type: 'resource' })
  } catch {
    return () => undefined
  }
  return () => observer.disconnect()
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
  const idleMs = options.timeoutMs ?? 3500
  const maxMs = options.maxMs ?? 30_000
  const watchActivity = options.watchActivity ?? resourceActivity
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
    runtimeReady: Promise<void> | undefined,
  ): Promise<RemoteApp> => {
    const started = now()
    let stage: LoadStage = 'manifest'
    const manifestUrl = new URL(bust(target.entry, attempt))
    // Every file of this version (manifest, entry, chunks) lives under its folder.
    const limits: ProgressLimits = {
      idleMs,
      maxMs,
      subscribe: (onActivity) => watchActivity(new URL('.', manifestUrl).href, onActivity),
    }
    const timedOut = (ms: number) => new StageError(stage, `timed out after ${ms} ms`)
    try {
      const inlined = attempt === 0 ? options.manifests?.[target.entry] : undefined
      let manifest: Manifest
      if (inlined !== undefined) manifest = readManifest(inlined)
      else {
        const response = await withProgressTimeout(
          fetchFn(manifestUrl.href, { cache: attempt ? 'reload' : 'default' }),
          limits,
          timedOut,
        )
        if (!response.ok) throw new StageError(stage, `manifest answered ${response.status}`)
        // A CDN that sends headers and then stalls must not hang the route either.
        const body = response.json().catch(() => null)
        manifest = readManifest(await withProgressTimeout(body, limits, timedOut))
      }
      if (runtimeReady) {
        // The shell's runtime, not this version's files: it gets the hard limit only, and this version's
        // no-progress timer (which only sees the version's own folder) starts after it.
        stage = 'runtime'
        const runtime = runtimeReady.catch((error: unknown) => {
          throw new StageError('runtime', error instanceof Error ? error.message : String(error))
        })
        await withProgressTimeout(runtime, { maxMs }, timedOut)
      }
      stage = 'entry'
      const { path, name: file } = manifest.metaData.remoteEntry
      const entryUrl = new URL(`${path ? `${path.replace(/\/?$/, '/')}` : ''}${file}`, manifestUrl)
      entryUrl.search = attempt ? `?r=${attempt}` : ''
      const { runtime } = options
      const entryLoad = (async () => {
        await runtime.registerRemotes([{ name, entry: entryUrl.href, type: 'module' }], { force: true })
        return runtime.loadRemote<unknown>(`${name}/app`)
      })()
      const mod = await withProgressTimeout(entryLoad, limits, timedOut)
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

  // Remotes whose failed load went through files the page preloaded (see `needsReload`).
  const poisoned = new Set<string>()

  const loadFresh = async (name: string, attempt: number): Promise<LoadedRemote> => {
    const list = candidates(name)
    const start = records.length
    // Started with the manifest: without the server's preloads (nginx) the runtime would otherwise start only
    // after it. Its failure is reported by the version that waits for it.
    const runtimeReady = list.length ? options.runtime.ready?.() : undefined
    runtimeReady?.catch(() => undefined)
    for (const [index, target] of list.entries()) {
      if (attempt === 0 && options.manifests?.[target.entry] !== undefined) poisoned.add(name)
      try {
        const app = await loadVersion(name, target, attempt, runtimeReady)
        if (index > 0) options.onFallback?.(name, list[0].version, target.version)
        return { app, version: target.version, fellBackFrom: index > 0 ? list[0].version : null }
      } catch (error) {
        // A runtime that cannot load is the shell's problem: another version of the remote would not help.
        if (error instanceof StageError && error.stage === 'runtime') break
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
      throw new RemoteNotReleasedError(name, records.slice(start))
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
    /**
     * True when a failed load used files the page itself preloaded, or the federation runtime's own code
     * failed to load: the browser keeps a failed module fetch for the document's lifetime (even with a
     * cache-busting entry, its chunks keep their URLs), so only a reload of the page can try them again.
     */
    needsReload: (name: string): boolean =>
      (poisoned.has(name) || options.runtime.failed?.() === true) && !loaded.has(name),
  }
}

export type RemoteLoader = ReturnType<typeof createRemoteLoader>

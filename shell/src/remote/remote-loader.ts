import type { RemoteApp } from 'shared/contract'
import type { Registry } from 'shared/registry'
import {
  loadVersion,
  resourceActivity,
  StageError,
  type FederationRuntime,
  type LoadRecord,
  type StageContext,
} from './load-stages'
import { versionsToTry } from './version-choice'

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

/** The registry (the page's inline entry or the live registry) does not list the remote: not released yet. */
export class RemoteNotReleasedError extends RemoteUnavailableError {}

export interface LoaderOptions {
  /**
   * The registry to load `remote` from. It may have to be fetched: a page carries only its own route's entry
   * (see createFederatedLoader). Rejects when it cannot be had: the remote then fails to load like one whose
   * versions all failed, and a later load asks again.
   */
  registry: (remote: string) => Registry | Promise<Registry>
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

/**
 * Loads remotes at runtime from the registry: the current version, then `previous` when the current one
 * fails at any stage. Retries of the same route bust caches (a failed `import()` is cached per URL).
 */
export function createRemoteLoader(options: LoaderOptions) {
  const fetchFn = options.fetchFn ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const records: LoadRecord[] = []
  const loaded = new Map<string, Promise<LoadedRemote>>()
  const attempts = new Map<string, number>()

  const record = (entry: Omit<LoadRecord, 'at'>) => {
    const full = { ...entry, at: Date.now() }
    records.push(full)
    options.onRecord?.(full)
  }

  const stages: StageContext = {
    fetchFn,
    idleMs: options.timeoutMs ?? 3500,
    maxMs: options.maxMs ?? 30_000,
    watchActivity: options.watchActivity ?? resourceActivity,
    now: options.now ?? (() => performance.now()),
    runtime: options.runtime,
    manifests: options.manifests,
    record,
  }

  const candidates = async (name: string) => {
    const started = stages.now()
    try {
      return versionsToTry((await options.registry(name)).remotes[name], options.overrides?.[name])
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const durationMs = Math.round(stages.now() - started)
      record({ remote: name, version: '-', stage: 'registry', ok: false, durationMs, error: message })
      return null
    }
  }

  // Remotes whose failed load went through files the page preloaded (see `needsReload`).
  const poisoned = new Set<string>()

  const loadFresh = async (name: string, attempt: number): Promise<LoadedRemote> => {
    const start = records.length
    const list = await candidates(name)
    if (!list) throw new RemoteUnavailableError(name, records.slice(start))
    // Started with the manifest: without the server's preloads (nginx) the runtime would otherwise start only
    // after it. Its failure is reported by the version that waits for it.
    const runtimeReady = list.length ? options.runtime.ready?.() : undefined
    runtimeReady?.catch(() => undefined)
    for (const [index, target] of list.entries()) {
      if (attempt === 0 && options.manifests?.[target.entry] !== undefined) poisoned.add(name)
      try {
        const app = await loadVersion(stages, name, target, attempt, runtimeReady)
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
        stage: 'registry',
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

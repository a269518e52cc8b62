import { isCompatibleContract, type RemoteApp } from 'shared/contract'
import type { RemotePointer } from 'shared/registry'
import { withTimeout, type ProgressLimits } from 'shared/schedule'

/**
 * The loading stages of one version of a remote: its manifest (fetched, or inlined by the server), the
 * shell's federation runtime, its entry and `./app` module, and the contract check. Which versions to try,
 * and in what order, is the loader's (`remote-loader.ts`, `version-choice.ts`).
 */

/**
 * `registry`: no version to try (the registry could not be read, or does not list the remote). `runtime`: the
 * shell's own federation runtime could not be loaded (no version of any remote can load).
 */
export type LoadStage = 'registry' | 'manifest' | 'runtime' | 'entry' | 'contract' | 'ready'

/** One attempt to load one version of a remote, kept for diagnostics. */
export interface LoadRecord {
  remote: string
  version: string
  stage: LoadStage
  ok: boolean
  durationMs: number
  error?: string
  at: number
  /** On a version that loaded: milliseconds spent in each stage (field health reports them, ADR 0033). */
  phases?: Partial<Record<LoadStage, number>>
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

export class StageError extends Error {
  constructor(
    readonly stage: LoadStage,
    message: string,
  ) {
    super(message)
  }
}

/** What the stages need from the loader. */
export interface StageContext {
  fetchFn: typeof fetch
  /** A version fails when none of its files arrives for this long. */
  idleMs: number
  /** Hard limit for one version. */
  maxMs: number
  watchActivity: (prefix: string, onActivity: () => void) => () => void
  now: () => number
  runtime: FederationRuntime
  manifests?: Readonly<Record<string, unknown>>
  record: (entry: Omit<LoadRecord, 'at'>) => void
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

export async function loadVersion(
  ctx: StageContext,
  name: string,
  target: RemotePointer,
  attempt: number,
  runtimeReady: Promise<void> | undefined,
): Promise<RemoteApp> {
  const { fetchFn, idleMs, maxMs, watchActivity, now, record } = ctx
  const started = now()
  let stage: LoadStage = 'manifest'
  const phases: Partial<Record<LoadStage, number>> = {}
  let stageStarted = started
  /** Closes the current stage's time and starts `next`. */
  const enter = (next: LoadStage) => {
    const at = now()
    phases[stage] = Math.round(at - stageStarted)
    stageStarted = at
    stage = next
  }
  const manifestUrl = new URL(bust(target.entry, attempt))
  // Every file of this version (manifest, entry, chunks) lives under its folder.
  const limits: ProgressLimits = {
    idleMs,
    maxMs,
    subscribe: (onActivity) => watchActivity(new URL('.', manifestUrl).href, onActivity),
  }
  const timedOut = (ms: number) => new StageError(stage, `timed out after ${ms} ms`)
  try {
    const inlined = attempt === 0 ? ctx.manifests?.[target.entry] : undefined
    let manifest: Manifest
    if (inlined !== undefined) manifest = readManifest(inlined)
    else {
      const response = await withTimeout(
        fetchFn(manifestUrl.href, { cache: attempt ? 'reload' : 'default' }),
        limits,
        timedOut,
      )
      if (!response.ok) throw new StageError(stage, `manifest answered ${response.status}`)
      // A CDN that sends headers and then stalls must not hang the route either.
      const body = response.json().catch(() => null)
      manifest = readManifest(await withTimeout(body, limits, timedOut))
    }
    if (runtimeReady) {
      // The shell's runtime, not this version's files: it gets the hard limit only, and this version's
      // no-progress timer (which only sees the version's own folder) starts after it.
      enter('runtime')
      const runtime = runtimeReady.catch((error: unknown) => {
        throw new StageError('runtime', error instanceof Error ? error.message : String(error))
      })
      await withTimeout(runtime, { maxMs }, timedOut)
    }
    enter('entry')
    const { path, name: file } = manifest.metaData.remoteEntry
    const entryUrl = new URL(`${path ? `${path.replace(/\/?$/, '/')}` : ''}${file}`, manifestUrl)
    entryUrl.search = attempt ? `?r=${attempt}` : ''
    const { runtime } = ctx
    const entryLoad = (async () => {
      await runtime.registerRemotes([{ name, entry: entryUrl.href, type: 'module' }], { force: true })
      return runtime.loadRemote<unknown>(`${name}/app`)
    })()
    const mod = await withTimeout(entryLoad, limits, timedOut)
    if (!isRemoteApp(mod)) throw new StageError(stage, 'module does not export single-spa lifecycles')
    enter('contract')
    if (!isCompatibleContract(mod.contract)) {
      throw new StageError(stage, `incompatible contract ${String(mod.contract)}`)
    }
    enter('ready')
    record({
      remote: name,
      version: target.version,
      stage: 'ready',
      ok: true,
      durationMs: Math.round(now() - started),
      phases,
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

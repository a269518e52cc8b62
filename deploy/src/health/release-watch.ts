import { readRegistry } from '../registry-file'
import { readReleaseEvents, type ReleaseEvent } from '../release/release-log'
import type { HealthStore } from './health-store'

/**
 * A release watches itself (ADR 0033): over the first loads of a new remote version, borrowers' reports are
 * compared with the thresholds below and with the previous version; a release that fails them is rolled back,
 * with why in the release log. `pnpm release <remote> --watch` runs it for its own release, the deploy server
 * for every release it sees in the log.
 */
export interface WatchSettings {
  /** Loads of the new version to judge it on: the first one of each client. */
  minLoads: number
  /** Share of those loads that may end on the retry screen, a refused contract or a mount timeout. */
  maxMountFailures: number
  /** Share that may fall back to the previous version. */
  maxFallbacks: number
  /** Uncaught errors per load the new version may have above the previous version's rate. */
  errorMargin: number
  /** How long after the release it is watched; a release with fewer loads by then is left as it is. */
  windowMs: number
}

/** How often the server and `pnpm release --watch` look at the reports. */
export const WATCH_INTERVAL_MS = 2000

export const DEFAULT_WATCH: WatchSettings = {
  minLoads: 20,
  maxMountFailures: 0.05,
  maxFallbacks: 0.05,
  errorMargin: 0.1,
  windowMs: 30 * 60_000,
}

/** RELEASE_WATCH_* environment variables over the defaults; a value that is not a number stops the start. */
export function watchSettings(env: NodeJS.ProcessEnv = process.env): WatchSettings {
  const read = (name: string, fallback: number, valid: (n: number) => boolean) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (!valid(value)) throw new Error(`${name}: "${raw}" is not a valid value`)
    return value
  }
  const share = (n: number) => n >= 0 && n <= 1
  return {
    minLoads: read('RELEASE_WATCH_MIN_LOADS', DEFAULT_WATCH.minLoads, (n) => Number.isInteger(n) && n >= 1),
    maxMountFailures: read('RELEASE_WATCH_MAX_MOUNT_FAILURES', DEFAULT_WATCH.maxMountFailures, share),
    maxFallbacks: read('RELEASE_WATCH_MAX_FALLBACKS', DEFAULT_WATCH.maxFallbacks, share),
    errorMargin: read('RELEASE_WATCH_ERROR_MARGIN', DEFAULT_WATCH.errorMargin, (n) => n >= 0),
    windowMs: read('RELEASE_WATCH_WINDOW_MINUTES', DEFAULT_WATCH.windowMs / 60_000, (n) => n > 0) * 60_000,
  }
}

export type Verdict =
  | { status: 'waiting'; loads: number }
  | { status: 'healthy'; loads: number }
  | { status: 'failing'; loads: number; reason: string }
  | { status: 'expired'; loads: number }

const pct = (share: number) => `${(100 * share).toFixed(1)}%`

/**
 * The verdict on `version` of `remote`, released at `since`, against `previous` (null: none), over the first
 * load of each client.
 */
export async function judgeRelease(
  store: HealthStore,
  remote: string,
  version: string,
  previous: string | null,
  since: number,
  settings: WatchSettings,
  now = Date.now(),
): Promise<Verdict> {
  const loads = await store.firstLoads(remote, version, since, settings.minLoads)
  const n = loads.length
  if (n < settings.minLoads)
    return now - since > settings.windowMs ? { status: 'expired', loads: n } : { status: 'waiting', loads: n }
  const failures = loads.filter((l) =>
    ['retry-screen', 'contract-refused', 'mount-timeout'].includes(l.outcome),
  ).length
  const fallbacks = loads.filter((l) => l.outcome === 'fallback').length
  const until = loads[n - 1].at
  const errors = (await store.rates(remote, version, since, until)).errors / n
  const before = previous
    ? (await store.versions(since - settings.windowMs)).find(
        (v) => v.remote === remote && v.version === previous,
      )
    : undefined
  const baseline = before && before.loads ? before.errors / before.loads : 0
  const problems: string[] = []
  if (failures / n > settings.maxMountFailures) {
    problems.push(`mount failures ${pct(failures / n)} > ${pct(settings.maxMountFailures)}`)
  }
  if (fallbacks / n > settings.maxFallbacks)
    problems.push(`fallbacks ${pct(fallbacks / n)} > ${pct(settings.maxFallbacks)}`)
  if (errors > baseline + settings.errorMargin) {
    problems.push(
      `errors ${errors.toFixed(2)}/load > ${baseline.toFixed(2)} (${previous ?? 'none'}) + ${settings.errorMargin}`,
    )
  }
  return problems.length
    ? { status: 'failing', loads: n, reason: `${problems.join('; ')} over its first ${n} loads` }
    : { status: 'healthy', loads: n }
}

export interface WatcherOptions {
  store: HealthStore
  cdnDir: string
  registryFile: string
  settings: WatchSettings
  /** Rolls `remote` back from `version` (only if it is still current), writing `reason` into the log. */
  rollback: (remote: string, version: string, reason: string) => void
  log?: (line: string) => void
  now?: () => number
}

/**
 * The server's watch: each `check()` judges every release in the log within its window that has no verdict
 * yet, and rolls back a failing one that is still current. Verdicts are kept for the process's life.
 */
export function createReleaseWatcher(options: WatcherOptions): { check(): Promise<ReleaseEvent[]> } {
  const decided = new Set<string>()
  const now = options.now ?? Date.now
  const log = options.log ?? ((line: string) => console.log(line))
  return {
    async check() {
      const rolledBack: ReleaseEvent[] = []
      const t = now()
      for (const event of readReleaseEvents(options.cdnDir, t - options.settings.windowMs * 2)) {
        const key = `${event.remote}@${event.to}@${event.at}`
        if (event.kind !== 'release' || decided.has(key)) continue
        const current = readRegistry(options.registryFile).remotes[event.remote]?.version
        if (current !== event.to) {
          decided.add(key)
          continue
        }
        const verdict = await judgeRelease(
          options.store,
          event.remote,
          event.to,
          event.from,
          event.at,
          options.settings,
          t,
        )
        if (verdict.status === 'waiting') continue
        decided.add(key)
        if (verdict.status === 'failing') {
          log(`[release watch] ${event.remote}@${event.to} is failing: ${verdict.reason}; rolling back`)
          options.rollback(event.remote, event.to, `release watch: ${verdict.reason}`)
          rolledBack.push(event)
        } else
          log(`[release watch] ${event.remote}@${event.to}: ${verdict.status} after ${verdict.loads} loads`)
      }
      return rolledBack
    },
  }
}

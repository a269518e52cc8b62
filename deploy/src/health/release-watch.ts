import { readRegistry } from '../registry-file'
import { readReleaseEvents, type ReleaseEvent } from '../release/release-log'
import type { HealthStore } from './health-store'
import { DEFAULT_JUDGE, judge, type Baseline, type JudgeReads, type JudgeSettings } from './judge'

/**
 * A release watches itself (ADR 0041, after ADR 0033): the new remote version's counted loads, each client
 * once, go through the release judge (`judge.ts`) against the previous version's network failure rate; a
 * release it finds failing is rolled back, with the figures in the release log. `pnpm release <remote> --watch`
 * runs it for its own release, the deploy server for every release it sees in the log.
 */
export interface WatchSettings extends JudgeSettings {
  /** How long after the release it is watched; a release still undecided by then is left as it is. */
  windowMs: number
  /** How far back from the release the previous version's loads make its baseline. */
  baselineMs: number
}

/** How often the server and `pnpm release --watch` look at the reports. */
export const WATCH_INTERVAL_MS = 2000

export const DEFAULT_WATCH: WatchSettings = {
  ...DEFAULT_JUDGE,
  windowMs: 30 * 60_000,
  baselineMs: 24 * 3_600_000,
}

/** ADR 0033's thresholds, which no judge reads any more: one still set would be a setting silently ignored. */
const RETIRED: Record<string, string> = {
  RELEASE_WATCH_MIN_LOADS:
    'it rolls back as soon as loads show a failing version, and judges one healthy after RELEASE_WATCH_MAX_LOADS',
  RELEASE_WATCH_MAX_MOUNT_FAILURES:
    'code failures are tested with RELEASE_WATCH_CODE_H0 and RELEASE_WATCH_CODE_H1',
  RELEASE_WATCH_MAX_FALLBACKS: 'a fallback counts as a code or network failure of the version that failed',
  RELEASE_WATCH_ERROR_MARGIN: 'uncaught errors no longer decide',
}

/**
 * RELEASE_WATCH_* environment variables over the defaults. Every value that is not one, every pair out of
 * order and every retired setting still set is named, all in one error that stops the start.
 */
export function watchSettings(env: NodeJS.ProcessEnv = process.env): WatchSettings {
  const problems: string[] = []
  const read = (name: string, fallback: number, valid: (n: number) => boolean, what: string) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (valid(value)) return value
    problems.push(`${name}: "${raw}" is not ${what}`)
    return fallback
  }
  const rate = (n: number) => n > 0 && n < 1
  const RATE = 'a rate above 0 and below 1 (0.01 is 1%)'
  const small = (n: number) => n > 0 && n < 0.5
  const SMALL = 'an error rate above 0 and below 0.5 (0.005 is 0.5%)'
  const count = (n: number) => Number.isInteger(n) && n >= 1
  const COUNT = 'a whole number of at least 1'
  const positive = (n: number) => n > 0
  const d = DEFAULT_WATCH
  const settings: WatchSettings = {
    codeH0: read('RELEASE_WATCH_CODE_H0', d.codeH0, rate, RATE),
    codeH1: read('RELEASE_WATCH_CODE_H1', d.codeH1, rate, RATE),
    networkH0Margin: read('RELEASE_WATCH_NETWORK_H0_MARGIN', d.networkH0Margin, rate, RATE),
    networkH1Margin: read('RELEASE_WATCH_NETWORK_H1_MARGIN', d.networkH1Margin, rate, RATE),
    alpha: read('RELEASE_WATCH_ALPHA', d.alpha, small, SMALL),
    beta: read('RELEASE_WATCH_BETA', d.beta, small, SMALL),
    maxLoads: read('RELEASE_WATCH_MAX_LOADS', d.maxLoads, count, COUNT),
    baselineMinLoads: read('RELEASE_WATCH_BASELINE_MIN_LOADS', d.baselineMinLoads, count, COUNT),
    baselineDefault: read('RELEASE_WATCH_BASELINE_DEFAULT', d.baselineDefault, rate, RATE),
    baselineFloor: read('RELEASE_WATCH_BASELINE_FLOOR', d.baselineFloor, rate, RATE),
    windowMs:
      read('RELEASE_WATCH_WINDOW_MINUTES', d.windowMs / 60_000, positive, 'a number of minutes') * 60_000,
    baselineMs:
      read('RELEASE_WATCH_BASELINE_HOURS', d.baselineMs / 3_600_000, positive, 'a number of hours') *
      3_600_000,
  }
  const above = (high: string, low: string, h: number, l: number) => {
    if (h <= l) problems.push(`${high} (${h}) must be above ${low} (${l})`)
  }
  above('RELEASE_WATCH_CODE_H1', 'RELEASE_WATCH_CODE_H0', settings.codeH1, settings.codeH0)
  above(
    'RELEASE_WATCH_NETWORK_H1_MARGIN',
    'RELEASE_WATCH_NETWORK_H0_MARGIN',
    settings.networkH1Margin,
    settings.networkH0Margin,
  )
  if (settings.baselineDefault < settings.baselineFloor) {
    problems.push(
      `RELEASE_WATCH_BASELINE_DEFAULT (${settings.baselineDefault}) must not be below RELEASE_WATCH_BASELINE_FLOOR (${settings.baselineFloor})`,
    )
  }
  for (const [name, instead] of Object.entries(RETIRED)) {
    if (env[name]?.trim()) {
      problems.push(`${name} is no longer read (the release judge of ADR 0041): ${instead}`)
    }
  }
  if (problems.length) throw new Error(`Release watch settings:\n- ${problems.join('\n- ')}`)
  return settings
}

export interface Verdict {
  /** `expired`: its window passed undecided; it is left as it is. */
  status: 'waiting' | 'healthy' | 'failing' | 'expired'
  loads: number
  reason: string
}

/**
 * The verdict on `version` of `remote`, released at `since`, against `previous` (null: none; the default
 * network rate stands in for it). Two reads of the store: the new version's first loads, one per client,
 * and the previous version's baseline over `baselineMs` before the release.
 */
export async function judgeRelease(
  reads: JudgeReads,
  remote: string,
  version: string,
  previous: string | null,
  since: number,
  settings: WatchSettings,
  now = Date.now(),
): Promise<Verdict> {
  const loads = await reads.firstLoads(remote, version, since, settings.maxLoads)
  const baseline = previous
    ? await reads.baseline(remote, previous, since - settings.baselineMs, since)
    : { loads: 0, network: 0 }
  const verdict = judge(loads, baseline, settings)
  if (verdict.status !== 'waiting' || now - since <= settings.windowMs) return verdict
  const minutes = Math.round(settings.windowMs / 60_000)
  return { ...verdict, status: 'expired', reason: `${verdict.reason}; its ${minutes} min window passed` }
}

/**
 * The judge's two reads over the store (ADR 0040, 0042): the store's worker answers both from the `loads` table's
 * indexes, each client (the page-load token's client key) once. The previous version's baseline is read
 * once per release.
 */
export function healthStoreReads(store: HealthStore): JudgeReads {
  const baselines = new Map<string, Promise<Baseline>>()
  return {
    firstLoads: (remote, version, since, limit) => store.firstLoads(remote, version, since, limit),
    baseline: (remote, previousVersion, since, until) => {
      const key = `${remote}@${previousVersion}@${since}@${until}`
      let found = baselines.get(key)
      if (!found) {
        found = store.baseline(remote, previousVersion, since, until)
        baselines.set(key, found)
        // A read that failed (the store was closing) is asked again next time.
        found.catch(() => baselines.delete(key))
      }
      return found
    },
  }
}

export interface WatcherOptions {
  reads: JudgeReads
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
 * yet, and rolls back a failing one that is still current. Verdicts are kept for the process's life. A check
 * asked for while one runs is that one: the store's answers may take longer than the interval between them.
 */
export function createReleaseWatcher(options: WatcherOptions): { check(): Promise<ReleaseEvent[]> } {
  const decided = new Set<string>()
  const now = options.now ?? Date.now
  const log = options.log ?? ((line: string) => console.log(line))
  const checkAll = async () => {
    const rolledBack: ReleaseEvent[] = []
    const t = now()
    for (const event of readReleaseEvents(options.cdnDir, t - options.settings.windowMs * 2)) {
      const key = `${event.remote}@${event.to}@${event.at}`
      if (event.kind !== 'release' || decided.has(key)) continue
      if (readRegistry(options.registryFile).remotes[event.remote]?.version !== event.to) {
        decided.add(key)
        continue
      }
      const { remote, to, from, at } = event
      const verdict = await judgeRelease(options.reads, remote, to, from, at, options.settings, t)
      if (verdict.status === 'waiting') continue
      decided.add(key)
      if (verdict.status === 'failing') {
        log(`[release watch] ${remote}@${to} is failing: ${verdict.reason}; rolling back`)
        options.rollback(remote, to, `release watch: ${verdict.reason}`)
        rolledBack.push(event)
      } else log(`[release watch] ${remote}@${to}: ${verdict.status}: ${verdict.reason}`)
    }
    return rolledBack
  }
  let running: Promise<ReleaseEvent[]> | null = null
  return {
    check() {
      running ??= checkAll().finally(() => (running = null))
      return running
    },
  }
}

import type { RemoteOutcome } from 'shared/health'
import { loadClass, type LoadClass } from './load-class'

/**
 * The release judge (ADR 0041): two sequential probability ratio tests (Wald) over a new remote version's
 * counted loads in time order, each client once. Code failures are held to a fixed rate; network failures to
 * the previous version's rate, since a borrower's connection fails whichever version is current. Pure: the
 * store's two reads (`JudgeReads`) give it its input.
 */

/** A counted load of the version judged: a fallback from it is one (`from` names it), with why it failed. */
export interface CountedLoad {
  at: number
  /** Who loaded it (the page-load token's client key); only a client's first load counts. */
  client: string
  outcome: RemoteOutcome
  reason?: string | null
  /** For a fallback: the version that failed first (the one judged). */
  from?: string | null
}

/** The previous version's counted loads over its last day before the release, and how many were `network`. */
export interface Baseline {
  loads: number
  network: number
}

/** What the judge reads from the store: nothing else, so the store can answer from indexes and rollups. */
export interface JudgeReads {
  /** The first counted load of each client for `version` since `since`, in time order, at most `limit`. */
  firstLoads(remote: string, version: string, since: number, limit: number): Promise<CountedLoad[]>
  /** `previousVersion`'s counted loads (each client once) in [since, until) and how many were `network`. */
  baseline(remote: string, previousVersion: string, since: number, until: number): Promise<Baseline>
}

export interface JudgeSettings {
  /** Code failure rate of a good version (H0) and of one to roll back (H1). */
  codeH0: number
  codeH1: number
  /** Network failure rate above the previous version's that is still good (H0), and that is not (H1). */
  networkH0Margin: number
  networkH1Margin: number
  /** Each test's chance of rolling back a version at H0 (α) and of passing one at H1 (β). */
  alpha: number
  beta: number
  /**
   * The loads a version must get through without either test rejecting its H0 to be judged healthy. No test
   * accepts early: the first loads, which anyone with a few addresses can supply, never vouch for a version.
   */
  maxLoads: number
  /** The previous version's rate is its own with at least this many loads, else `baselineDefault`. */
  baselineMinLoads: number
  baselineDefault: number
  /** The least network failure rate the previous version is taken to have, however few it had. */
  baselineFloor: number
}

export const DEFAULT_JUDGE: JudgeSettings = {
  codeH0: 0.01,
  codeH1: 0.1,
  networkH0Margin: 0.02,
  networkH1Margin: 0.12,
  alpha: 0.005,
  beta: 0.005,
  maxLoads: 200,
  baselineMinLoads: 100,
  baselineDefault: 0.03,
  baselineFloor: 0.01,
}

export interface Judgement {
  status: 'waiting' | 'healthy' | 'failing'
  /** Loads judged: up to the decision, or all so far while waiting. */
  loads: number
  /** Why, with the figures. */
  reason: string
}

const pct = (share: number) => `${(100 * share).toFixed(1)}%`

/** One Wald SPRT on a Bernoulli sequence: H0 p = p0 against H1 p = p1 > p0. */
interface Sprt {
  p0: number
  p1: number
  llr: number
  rejected: boolean
}

const sprt = (p0: number, p1: number): Sprt => ({ p0, p1, llr: 0, rejected: false })

/**
 * One more load for `test`; its H0 is rejected once the log-likelihood ratio reaches `upper`. Wald's lower
 * bound is not used (see `maxLoads`): by Ville's inequality a test at H0 reaches `upper` at all, however
 * long it runs, with a probability of at most e^-upper = α / (1 − β).
 */
function observe(test: Sprt, failed: boolean, upper: number): void {
  test.llr += failed ? Math.log(test.p1 / test.p0) : Math.log((1 - test.p1) / (1 - test.p0))
  if (test.llr >= upper) test.rejected = true
}

/** The previous version's network failure rate the judge uses, and how it was had. */
export function baselineRate(baseline: Baseline, settings: JudgeSettings): { rate: number; says: string } {
  if (baseline.loads < settings.baselineMinLoads) {
    return {
      rate: settings.baselineDefault,
      says: `previous ${pct(settings.baselineDefault)} by default (${baseline.loads} loads, fewer than ${settings.baselineMinLoads})`,
    }
  }
  const own = baseline.network / baseline.loads
  // H1 must stay below 100%: a previous version failing nearly always is taken as failing at most 99% − H1's margin.
  const rate = Math.min(Math.max(own, settings.baselineFloor), 0.99 - settings.networkH1Margin)
  const bound = rate === own ? '' : `, taken as ${pct(rate)}`
  return { rate, says: `previous ${pct(own)} of ${baseline.loads} loads${bound}` }
}

/**
 * The verdict on a new version from its counted loads in time order (a client's later loads are skipped) and
 * the previous version's baseline: `failing` when either test rejects its H0, `healthy` once `maxLoads`
 * passed with neither rejecting, else `waiting`.
 */
export function judge(
  loads: readonly CountedLoad[],
  baseline: Baseline,
  settings: JudgeSettings = DEFAULT_JUDGE,
): Judgement {
  const upper = Math.log((1 - settings.beta) / settings.alpha)
  const previous = baselineRate(baseline, settings)
  const code = sprt(settings.codeH0, settings.codeH1)
  const network = sprt(previous.rate + settings.networkH0Margin, previous.rate + settings.networkH1Margin)
  const seen = new Set<string>()
  const counts: Record<LoadClass, number> = { ok: 0, code: 0, network: 0 }
  let n = 0
  for (const load of loads) {
    if (n >= settings.maxLoads) break
    const kind = loadClass(load.outcome, load.reason)
    if (kind === null || seen.has(load.client)) continue
    seen.add(load.client)
    n += 1
    counts[kind] += 1
    observe(code, kind === 'code', upper)
    observe(network, kind === 'network', upper)
    if (code.rejected || network.rejected) break
  }

  const sprtSays = `(SPRT α ${pct(settings.alpha)}, β ${pct(settings.beta)})`
  const codeLine = `code failures ${counts.code} of ${n} loads (${n ? pct(counts.code / n) : '-'})`
  const networkLine = `network failures ${counts.network} of ${n} (${n ? pct(counts.network / n) : '-'})`
  const networkH0 = `${pct(network.p0)} (${previous.says} + ${pct(settings.networkH0Margin)})`
  if (code.rejected) {
    return {
      status: 'failing',
      loads: n,
      reason:
        `${codeLine} from ${n} clients, above ${pct(code.p0)} ${sprtSays}; ` +
        `network ${counts.network} of ${n} (${pct(counts.network / n)}) vs ${previous.says}`,
    }
  }
  if (network.rejected) {
    return {
      status: 'failing',
      loads: n,
      reason:
        `network failures ${counts.network} of ${n} loads (${pct(counts.network / n)}) from ${n} clients, ` +
        `above ${networkH0} ${sprtSays}; code ${counts.code} of ${n} (${pct(counts.code / n)})`,
    }
  }
  const figures = (against: string) =>
    `${codeLine}, ${against} ${pct(code.p0)}; ${networkLine}, ${against} ${networkH0} ${sprtSays}`
  if (n >= settings.maxLoads) {
    return {
      status: 'healthy',
      loads: n,
      reason: `healthy after ${n} loads from ${n} clients: ${figures('vs')}`,
    }
  }
  return {
    status: 'waiting',
    loads: n,
    reason: `${n} loads from ${n} clients so far, undecided: ${codeLine}; ${networkLine} vs ${previous.says}`,
  }
}

import jstat from 'jstat'
import type { CanaryPointer } from 'shared/registry'
import { judge, type Baseline, type CountedLoad, type Judgement, type JudgeSettings } from './judge'

/**
 * A canary judged against its own control group (ADR 0059): the canary's loads since its current step go
 * through the release judge's two tests (`judge.ts`, ADR 0041 and 0044), with the control's network failure
 * rate over the same minutes as the rate to beat; and first, a sample-ratio check that the borrowers seen on
 * each side are the split that was asked for. Pure: its reads give it the store's counts.
 */

export interface CanarySettings {
  /** The sample-ratio check's significance: a split this unlikely under the share asked is a mismatch. */
  srmAlpha: number
  /** Clients on both sides together before the split is checked at all. */
  srmMinClients: number
}

export const DEFAULT_CANARY: CanarySettings = { srmAlpha: 0.001, srmMinClients: 100 }

export interface SampleRatio {
  canary: number
  control: number
  /** The canary's share asked for, 0–1. */
  asked: number
  /** Pearson's chi-square statistic, one degree of freedom, and its p-value (jStat's chi-square CDF). */
  chiSquare: number
  pValue: number
  mismatch: boolean
  says: string
}

const pct = (share: number) => `${(100 * share).toFixed(1)}%`

/**
 * The sample-ratio check: the clients seen on each side against `percent` asked, by a chi-square goodness-of-fit
 * test. A mismatch means the sides are not the groups the split made (a side losing its reports, a forged
 * flood on one side): no outcome comparison between them can be trusted.
 */
export function sampleRatio(
  canary: number,
  control: number,
  percent: number,
  settings: CanarySettings = DEFAULT_CANARY,
): SampleRatio {
  const n = canary + control
  const asked = percent / 100
  const seen = n ? canary / n : 0
  if (n < settings.srmMinClients) {
    return {
      canary,
      control,
      asked,
      chiSquare: 0,
      pValue: 1,
      mismatch: false,
      says: `canary ${canary} of ${n} clients (${n ? pct(seen) : '-'}), asked ${pct(asked)}; checked from ${settings.srmMinClients}`,
    }
  }
  const expected = [n * asked, n * (1 - asked)]
  const chiSquare = [canary, control].reduce(
    (sum, observed, i) => sum + (observed - expected[i]) ** 2 / expected[i],
    0,
  )
  const pValue = 1 - jstat.jStat.chisquare.cdf(chiSquare, 1)
  const mismatch = pValue < settings.srmAlpha
  return {
    canary,
    control,
    asked,
    chiSquare,
    pValue,
    mismatch,
    says:
      `canary ${canary} of ${n} clients (${pct(seen)}), asked ${pct(asked)}: χ² ${chiSquare.toFixed(1)}, ` +
      `p ${pValue < 0.0001 ? pValue.toExponential(1) : pValue.toFixed(4)}${mismatch ? ` below ${settings.srmAlpha}` : ''}`,
  }
}

/** What the canary judge reads: the canary's first loads per client, and each side's client counts. */
export interface CanaryReads {
  firstLoads(remote: string, version: string, since: number, limit: number): Promise<CountedLoad[]>
  /** `version`'s counted loads (each client once) in [since, until) and how many were `network`. */
  counts(remote: string, version: string, since: number, until: number): Promise<Baseline>
}

export interface CanaryJudgement extends Judgement {
  ratio: SampleRatio
  /** The control's loads over the same minutes (its network rate is the one to beat). */
  control: Baseline
}

/**
 * The verdict on `canary` (of `remote`, whose control side runs `controlVersion`) at its current step, from
 * the loads since the step began: `failing` on a sample-ratio mismatch or when either of the release judge's
 * tests rejects its H0; `healthy` once the canary has `maxLoads` clients with neither; else `waiting`.
 */
export async function judgeCanary(
  reads: CanaryReads,
  remote: string,
  canary: Pick<CanaryPointer, 'version' | 'percent' | 'stepSince'>,
  controlVersion: string,
  settings: JudgeSettings & CanarySettings,
  now = Date.now(),
): Promise<CanaryJudgement> {
  const since = canary.stepSince
  const [loads, canaryCounts, control] = await Promise.all([
    reads.firstLoads(remote, canary.version, since, settings.maxLoads),
    reads.counts(remote, canary.version, since, now),
    reads.counts(remote, controlVersion, since, now),
  ])
  const ratio = sampleRatio(canaryCounts.loads, control.loads, canary.percent, settings)
  if (ratio.mismatch) {
    return {
      status: 'failing',
      loads: canaryCounts.loads,
      reason: `sample ratio mismatch: ${ratio.says}`,
      ratio,
      control,
    }
  }
  const verdict = judge(loads, control, settings)
  // The judge names its baseline "previous": here it is the control group over the same minutes.
  const reason = verdict.reason.replaceAll('previous ', 'control ')
  return { ...verdict, reason: `${reason}; ${ratio.says}`, ratio, control }
}
